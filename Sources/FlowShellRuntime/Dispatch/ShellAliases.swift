import FlowShellKit

/// `alias NAME COMMAND…`: words that stand for a command line, kept per app. The first word of
/// a line that names an alias is replaced by what it stands for.
package struct ShellAliases: Sendable {
    /// What each alias stands for, by name.
    package private(set) var lines: [String: String] = [:]

    /// The aliases kept in `store`.
    @MainActor
    init(store: any KeyValueStore) {
        for entry in (store.value(for: "aliases") ?? "").split(separator: "\n") {
            let parts = entry.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { lines[String(parts[0])] = String(parts[1]) }
        }
    }

    /// Defines (or with nil, removes) `name`, kept in `store`.
    @MainActor
    mutating func set(_ name: String, to line: String?, in store: any KeyValueStore) throws {
        lines[name] = line
        let text = lines.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n")
        try store.setValue(text.isEmpty ? nil : text, for: "aliases")
    }

    /// The line with its first word expanded, when that word is an alias.
    func expand(_ words: [String]) -> [String]? {
        guard let first = words.first, let line = lines[first], let expanded = try? CommandLineTokenizer.words(of: line) else { return nil }
        return expanded + words.dropFirst()
    }
}
