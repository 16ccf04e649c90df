import FlowShellKit
import FlowShellRuntime
import Greeter

/// Who greeter is and what it is made of, which its two programs share: greeter at the terminal
/// and greeter-serve in a browser.
public enum GreeterShell {
    /// Its name and version (`greeter --version`), the title of its banner, its built-in flow,
    /// and the folder of its files ($XDG_STATE_HOME/greeter, $XDG_DATA_HOME/greeter).
    public static let identity = ShellIdentity(
        name: "greeter",
        version: "0.1.0",
        title: "Greeter",
        abstract: "Greeter: a shell built on FlowShell.",
        defaultFlow: GreeterFlow.json
    )

    /// Its feature modules: a new feature's goes here too (and its name in Package.swift).
    @MainActor public static let modules: [FeatureModule] = [GreeterModule.module]
}
