import Foundation

/// Where per-app files live, after the XDG base directories: state (history, where you were)
/// in `$XDG_STATE_HOME/flowshell/<app>/` (else `~/.local/state/…`), data (databases) in
/// `$XDG_DATA_HOME/flowshell/<app>/` (else `~/.local/share/…`).
enum StatePaths {
    static func directory(app: String, environment: [String: String]) -> String? {
        folder(app: app, variable: "XDG_STATE_HOME", fallback: ".local/state", environment: environment)
    }

    static func dataDirectory(app: String, environment: [String: String]) -> String? {
        folder(app: app, variable: "XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    /// The user's list of configs trusted to run their plugins, beside the apps' folders:
    /// `$XDG_STATE_HOME/flowshell/trusted-configs.json`.
    static func trustFile(environment: [String: String]) -> String? {
        base(variable: "XDG_STATE_HOME", fallback: ".local/state", environment: environment).map { $0 + "/flowshell/trusted-configs.json" }
    }

    private static func folder(app: String, variable: String, fallback: String, environment: [String: String]) -> String? {
        base(variable: variable, fallback: fallback, environment: environment).map { $0 + "/flowshell/" + app }
    }

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
