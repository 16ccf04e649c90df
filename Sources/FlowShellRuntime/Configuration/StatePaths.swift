import Foundation

/// Where per-app files live, after the XDG base directories: state (history, where you were)
/// in `$XDG_STATE_HOME/<folder>/<app>/` (else `~/.local/state/…`), data (databases) in
/// `$XDG_DATA_HOME/<folder>/<app>/` (else `~/.local/share/…`); and the person's own startup
/// file, `$XDG_CONFIG_HOME/<folder>/init` (else `~/.config/<folder>/init`), where the folder is
/// the shell's (its identity's folder).
package struct StatePaths: Sendable {
    /// The shell's folder under each base directory.
    let folder: String
    /// The environment the base directories are read from.
    let environment: [String: String]

    /// The folders of the shell whose folder is `folder`, after the base directories `environment` names.
    package init(folder: String, environment: [String: String]) {
        self.folder = folder
        self.environment = environment
    }

    /// The startup file: commands run at the prompt when the shell starts (nil: no home).
    package var startupFile: String? {
        base(variable: "XDG_CONFIG_HOME", fallback: ".config").map { $0 + "/" + folder + "/init" }
    }

    /// The state folder of `app`, or nil when there is no home.
    package func directory(app: String) -> String? {
        path(app: app, variable: "XDG_STATE_HOME", fallback: ".local/state")
    }

    /// The data folder of `app`, or nil when there is no home.
    package func dataDirectory(app: String) -> String? {
        path(app: app, variable: "XDG_DATA_HOME", fallback: ".local/share")
    }

    /// The user's list of configs trusted to run their plugins, beside the apps' folders:
    /// `$XDG_STATE_HOME/<folder>/trusted-configs.json`; nil when there is no home.
    package var trustFile: String? {
        base(variable: "XDG_STATE_HOME", fallback: ".local/state").map { $0 + "/" + folder + "/trusted-configs.json" }
    }

    /// The SSH server's host key, made on its first start: `$XDG_STATE_HOME/<folder>/ssh_host_ed25519_key`;
    /// nil when there is no home.
    package var sshHostKeyFile: String? {
        base(variable: "XDG_STATE_HOME", fallback: ".local/state").map { $0 + "/" + folder + "/ssh_host_ed25519_key" }
    }

    /// Who may log in over SSH, in OpenSSH's authorized-keys format:
    /// `$XDG_CONFIG_HOME/<folder>/authorized_keys`; nil when there is no home.
    package var authorizedKeysFile: String? {
        base(variable: "XDG_CONFIG_HOME", fallback: ".config").map { $0 + "/" + folder + "/authorized_keys" }
    }

    private func path(app: String, variable: String, fallback: String) -> String? {
        base(variable: variable, fallback: fallback).map { $0 + "/" + folder + "/" + app }
    }

    /// An XDG base directory: the variable's value, else `fallback` in the home folder.
    private func base(variable: String, fallback: String) -> String? {
        if let value = environment[variable], value.hasPrefix("/") {
            return value  // The XDG spec ignores relative paths.
        } else if let home = environment["HOME"], !home.isEmpty {
            return home + "/" + fallback
        }
        return nil
    }

    /// The history file for `app`, creating its folder; nil (no history file) when there is
    /// no home or the folder cannot be made, which is said on stderr by the caller.
    package func historyFile(app: String) throws -> String? {
        guard let directory = directory(app: app) else { return nil }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/history"
    }
}
