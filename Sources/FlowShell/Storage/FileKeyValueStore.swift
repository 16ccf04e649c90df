import FlowShellKit
import Foundation

/// A module's settings in a small JSON file, rewritten atomically (a new file renamed over the
/// old one) on every change, so that a crash never leaves half a file.
@MainActor
final class FileKeyValueStore: KeyValueStore {
    private let url: URL
    private var values: [String: String]

    /// Opens the store at `url`; a missing file is an empty store, an unreadable one too (and
    /// `problem` says why, for the caller to show).
    init(url: URL) {
        self.url = url
        guard let data = try? Data(contentsOf: url) else {
            values = [:]
            problem = nil
            return
        }
        if let decoded = try? JSONDecoder().decode([String: String].self, from: data) {
            values = decoded
            problem = nil
        } else {
            values = [:]
            problem = "\(url.path): not a settings file; starting with empty settings"
        }
    }

    /// Why the file could not be read, if it could not.
    let problem: String?

    func value(for key: String) -> String? {
        values[key]
    }

    func setValue(_ value: String?, for key: String) throws {
        var changed = values
        changed[key] = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(changed).write(to: url, options: .atomic)
        } catch {
            throw UserFacingError("cannot save settings to \(url.path): \(error.localizedDescription)")
        }
        values = changed
    }
}
