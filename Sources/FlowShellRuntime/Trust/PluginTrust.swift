import FlowPlugins
import Foundation

/// Whether the plugins a config names may run: only once the user has trusted that config
/// (`flowshell trust`), as long as what they run is what was trusted — or for one run, when
/// asked with `--allow-plugins` or `FLOWSHELL_ALLOW_PLUGINS=1` (CI, tests). A config found in a
/// repository just cloned runs nothing until then.
@MainActor
package final class PluginTrust {
    /// The environment variable that allows one run's plugins: `FLOWSHELL_ALLOW_PLUGINS=1`.
    package static let environmentVariable = "FLOWSHELL_ALLOW_PLUGINS"

    /// What may happen to a config's plugins.
    package enum Decision: Equatable {
        /// They may run.
        case allowed
        /// They may not; `changed`: the config was trusted, but its plugins run something else now.
        case untrusted(changed: Bool)
    }

    /// The user's trusted configs; nil: every config is allowed (flows given as text by code).
    private let trusted: TrustedConfigs?
    private let allowsThisRun: Bool
    /// The command that runs the shell (`flowshell`), which the command to type names.
    private let shellName: String
    /// What this run's opt-in allowed: the plugins as the run found them at its start. A config
    /// edited during the run to run something else is not covered by it.
    private var allowedThisRun: PluginFingerprint?

    /// Trust as the shell's state folder (`paths`; nil: none, so nothing is trusted) records it,
    /// and as the run asks: `allowsThisRun` (the flag) or the environment variable in
    /// `environment` allow this run's plugins. `shellName` is the command that runs the shell,
    /// which the command to type names.
    package init(paths: StatePaths?, shellName: String = PluginTrust.defaultShellName, environment: [String: String], allowsThisRun: Bool) {
        trusted = TrustedConfigs(paths: paths)
        self.shellName = shellName
        self.allowsThisRun = allowsThisRun || environment[Self.environmentVariable] == "1"
    }

    private init(shellName: String) {
        trusted = nil
        self.shellName = shellName
        allowsThisRun = true
    }

    /// Allows every config: for flows that code gives as text, which no one else wrote.
    package static func everything(shellName: String = PluginTrust.defaultShellName) -> PluginTrust { PluginTrust(shellName: shellName) }

    /// The shell named in the command to type when the shell's own name is not known (a runtime
    /// started by code without a loader): the reference shell's.
    package static let defaultShellName = "flowshell"

    /// Whether the plugins of `source`, which run what `fingerprint` describes, may run.
    package func decision(_ fingerprint: PluginFingerprint, source: ConfigSource) -> Decision {
        guard let trusted, let path = source.filePath else { return .allowed }
        if allowsThisRun {
            // Pinned at the first load, even of no plugins: a reload that names one is not covered.
            if allowedThisRun == nil { allowedThisRun = fingerprint }
            if allowedThisRun == fingerprint { return .allowed }
        }
        if fingerprint.plugins.isEmpty { return .allowed }
        guard let realPath = Self.realPath(path) else { return .untrusted(changed: false) }
        guard let recorded = trusted.fingerprint(of: realPath) else { return .untrusted(changed: false) }
        return recorded == fingerprint ? .allowed : .untrusted(changed: true)
    }

    /// The config file's real path (symlinks resolved), or nil when it cannot be found.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The command that trusts `source`: `flowshell trust` (named after the shell), with
    /// `--config PATH` unless it is the `config.json` a bare `flowshell` reads.
    package func trustCommand(for source: ConfigSource) -> String {
        guard let path = source.filePath, path != ConfigSource.defaultFileName else { return "\(shellName) trust" }
        return "\(shellName) trust --config \(Self.shellWord(path))"
    }

    /// `path` as one word for a POSIX shell: as is when plain, else in single quotes.
    package static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
