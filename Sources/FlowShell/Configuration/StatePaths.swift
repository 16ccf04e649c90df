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

    private static func folder(app: String, variable: String, fallback: String, environment: [String: String]) -> String? {
        let base: String
        if let value = environment[variable], value.hasPrefix("/") {
            base = value  // The XDG spec ignores relative paths.
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/" + fallback
        } else {
            return nil
        }
        return base + "/flowshell/" + app
    }

    /// The history file for `app`, creating its folder; nil (no history file) when there is
    /// no home or the folder cannot be made, which is said on stderr by the caller.
    static func historyFile(app: String, environment: [String: String]) throws -> String? {
        guard let directory = directory(app: app, environment: environment) else { return nil }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/history"
    }
}
