import FlowPlugins
import Foundation

/// The configs the user trusts to run their plugins, kept in the user's own state folder —
/// never in the project, whose files anyone who wrote the project could have written — as
/// direnv keeps what `direnv allow` allowed: each config by its real path, with the
/// fingerprint of what its plugins ran when it was trusted.
package struct TrustedConfigs {
    private struct Record: Codable {
        /// The config's real path.
        var config: String
        /// What its plugins ran when it was trusted.
        var runs: PluginFingerprint
    }

    private struct File: Codable {
        var trusted: [Record]
    }

    /// The file (`$XDG_STATE_HOME/FOLDER/trusted-configs.json`, where FOLDER is the shell's);
    /// nil: no home, nothing trusted.
    package let path: String?

    /// The user's list, in the shell's state folder (`paths`; nil: none, nothing trusted).
    package init(paths: StatePaths?) {
        path = paths?.trustFile
    }

    /// What the config at `realPath` ran when it was trusted, or nil when it is not trusted.
    package func fingerprint(of realPath: String) -> PluginFingerprint? {
        records().first { $0.config == realPath }?.runs
    }

    /// Trusts the config at `realPath` to run what `fingerprint` describes (and nothing else).
    package func trust(_ realPath: String, runs fingerprint: PluginFingerprint) throws {
        var records = records().filter { $0.config != realPath }
        records.append(Record(config: realPath, runs: fingerprint))
        try save(records)
    }

    /// No longer trusts the config at `realPath`; returns whether it was trusted.
    package func untrust(_ realPath: String) throws -> Bool {
        let all = records()
        let kept = all.filter { $0.config != realPath }
        guard kept.count != all.count else { return false }
        try save(kept)
        return true
    }

    /// The records; a missing or unreadable file trusts nothing.
    private func records() -> [Record] {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return [] }
        return (try? JSONDecoder().decode(File.self, from: data))?.trusted ?? []
    }

    /// Writes the records atomically (a new file renamed over the old, so a symlink put in its
    /// place is replaced, never followed).
    private func save(_ records: [Record]) throws {
        guard let path else { throw TrustRecordError.noHome }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(File(trusted: records.sorted { $0.config < $1.config }))
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Why the list of trusted configs cannot be written.
package enum TrustRecordError: Error, CustomStringConvertible {
    case noHome

    package var description: String {
        "there is no state folder to keep it in (set HOME or XDG_STATE_HOME)"
    }
}
