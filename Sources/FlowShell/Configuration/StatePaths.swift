import Foundation

/// Where per-app files live, after the XDG base directories: state (history, where you were)
/// in `$XDG_STATE_HOME/flowshell/<app>/` (else `~/.local/state/…`), data (databases) in
/// `$XDG_DATA_HOME/flowshell/<app>/` (else `~/.local/share/…`); and the person's own startup
/// file, `$XDG_CONFIG_HOME/flowshell/init` (else `~/.config/flowshell/init`).
enum StatePaths {
    /// The folder, under each XDG base directory, that holds the shell's files.
    static let folderName = "flowshell"

    /// The startup file: commands run at the prompt when the shell starts (nil: no home).
    static func startupFile(environment: [String: String]) -> String? {
        base(variable: "XDG_CONFIG_HOME", fallback: ".config", environment: environment).map { $0 + "/" + folderName + "/init" }
    }

    static func directory(app: String, environment: [String: String]) -> String? {
        folder(app: app, variable: "XDG_STATE_HOME", fallback: ".local/state", environment: environment)
    }

    static func dataDirectory(app: String, environment: [String: String]) -> String? {
        folder(app: app, variable: "XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    private static func folder(app: String, variable: String, fallback: String, environment: [String: String]) -> String? {
        base(variable: variable, fallback: fallback, environment: environment).map { $0 + "/" + folderName + "/" + app }
    }

    /// An XDG base directory: the variable's value, else `fallback` in the home folder.
    private static func base(variable: String, fallback: String, environment: [String: String]) -> String? {
        if let value = environment[variable], value.hasPrefix("/") {
            return value  // The XDG spec ignores relative paths.
        } else if let home = environment["HOME"], !home.isEmpty {
            return home + "/" + fallback
        }
        return nil
    }

    /// The history file for `app`, creating its folder; nil (no history file) when there is
    /// no home or the folder cannot be made, which is said on stderr by the caller.
    static func historyFile(app: String, environment: [String: String]) throws -> String? {
        guard let directory = directory(app: app, environment: environment) else { return nil }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/history"
    }
}
