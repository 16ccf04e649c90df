import Foundation

/// Where per-app state lives: `$XDG_STATE_HOME/flowshell/<app>/`, else
/// `~/.local/state/flowshell/<app>/`.
enum StatePaths {
    static func directory(app: String, environment: [String: String]) -> String? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state  // The XDG spec ignores relative paths.
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
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
