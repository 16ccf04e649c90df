/// Who a shell built on FlowShell is: its command's name and version, the title its banner
/// shows, the flow it runs where there is no config, and the folder its files are kept under.
/// The engine knows no name of its own: every shell, the car-sharing demo included, hands its
/// identity to `FlowShellMain.main(identity:modules:)` (the terminal) and
/// `FlowShellServeMain.serve(identity:modules:arguments:)` (the browser and SSH).
public struct ShellIdentity: Sendable, Equatable {
    /// The command's name, as typed: what `--help`, `--version`, the completion scripts and the
    /// man page call it, and the program name libedit reads `.editrc` sections for.
    public var name: String
    /// The version `NAME --version` prints after the name, and the banner shows.
    public var version: String
    /// The name the banner shows (`FlowShell`), defaulting to ``name``.
    public var title: String
    /// One line saying what the shell is, at the top of `NAME --help`.
    public var abstract: String
    /// The flow, as `config.json` text, run where there is no `config.json` and no `--config`.
    public var defaultFlow: String
    /// The folder of the shell's own files under the XDG base directories: state (history,
    /// where you were, plugin logs) in `$XDG_STATE_HOME/FOLDER/APP`, data (settings and the
    /// modules' databases) in `$XDG_DATA_HOME/FOLDER/APP`. Defaults to ``name``.
    public var folder: String

    /// An identity; `title` and `folder` default to `name`.
    public init(name: String, version: String, title: String? = nil, abstract: String, defaultFlow: String, folder: String? = nil) {
        self.name = name
        self.version = version
        self.title = title ?? name
        self.abstract = abstract
        self.defaultFlow = defaultFlow
        self.folder = folder ?? name
    }
}
