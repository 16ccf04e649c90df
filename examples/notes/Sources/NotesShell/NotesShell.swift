import FlowShellKit
import FlowShellRuntime
import Notes

/// Who notes is and what it is made of, which its two programs share: notes at the terminal
/// and notes-serve in a browser.
public enum NotesShell {
    /// Its name and version (`notes --version`), the title of its banner, its built-in flow,
    /// and the folder of its files ($XDG_STATE_HOME/notes, $XDG_DATA_HOME/notes).
    public static let identity = ShellIdentity(
        name: "notes",
        version: "0.1.0",
        title: "Notes",
        abstract: "Notes: a shell built on FlowShell.",
        defaultFlow: NotesFlow.json
    )

    /// Its feature modules: a new feature's goes here too (and its name in Package.swift).
    @MainActor public static let modules: [FeatureModule] = [NotesModule.module]
}
