import Foundation

/// Takes this machine's paths out of what a tab or an SSH login is told: the folders of the data, the config,
/// a plugin or a home are the server's business. A path is text that begins a word with `/`
/// and a folder of this machine's root (`/home/…`, `/tmp/…`); it is shown as its last name
/// (`'/home/ann/app/data' is a file` → `'data' is a file`). The flow's links (`/cars/rio`)
/// are left alone, unless this machine's root has a folder of that name.
public struct PathRedaction: Sendable {
    /// The names of the root's folders, as bytes.
    private let roots: Set<[UInt8]>

    /// Shortens the paths that begin with one of `rootFolders` (names of the root's folders).
    public init(rootFolders: [String]) {
        roots = Set(rootFolders.filter { !$0.isEmpty }.map { Array($0.utf8) })
    }

    /// The redaction for this machine: its root's folders as they are now.
    public static func ofThisMachine() -> PathRedaction {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/")) ?? []
        return PathRedaction(
            rootFolders: names.filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: "/" + name, isDirectory: &isFolder) && isFolder.boolValue
            })
    }

    /// `message` (a message's JSON, or any text) with each of this machine's paths shortened to
    /// its last name.
    public func redacted(_ message: Data) -> Data {
        redacted(bytes: [UInt8](message)).map { Data($0) } ?? message
    }

    /// `text` with each of this machine's paths shortened to its last name.
    public func redacted(_ text: String) -> String {
        redacted(bytes: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `bytes` with each of this machine's paths shortened; nil when it holds none.
    private func redacted(bytes: [UInt8]) -> [UInt8]? {
        guard let first = bytes.firstIndex(where: { $0 == Self.slash }) else { return nil }
        var result = [UInt8]()
        var copied = 0
        var index = first
        while index < bytes.count {
            guard bytes[index] == Self.slash, startsWord(bytes, at: index) else {
                index += 1
                continue
            }
            var nameEnd = index + 1
            while nameEnd < bytes.count, bytes[nameEnd] != Self.slash, !Self.endsPath(bytes[nameEnd]) { nameEnd += 1 }
            guard roots.contains(Array(bytes[(index + 1)..<nameEnd])) else {
                index = nameEnd
                continue
            }
            var end = nameEnd
            while end < bytes.count, !Self.endsPath(bytes[end]) { end += 1 }
            var lastEnd = end
            while lastEnd > index + 1, bytes[lastEnd - 1] == Self.slash { lastEnd -= 1 }
            let lastStart = (bytes[index..<lastEnd].lastIndex(of: Self.slash) ?? index) + 1
            if result.isEmpty { result.reserveCapacity(bytes.count) }
            result += bytes[copied..<index]
            result += bytes[lastStart..<lastEnd]
            copied = end
            index = end
        }
        guard copied > 0 else { return nil }
        result += bytes[copied...]
        return result
    }

    private static let slash = UInt8(ascii: "/")

    /// Whether the `/` at `index` begins a word: at the start, after a space, a quote, a bracket
    /// or `=`, or after a JSON escape of a line break or a tab (`\n`, `\t`).
    private func startsWord(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = bytes[index - 1]
        if index >= 2, bytes[index - 2] == UInt8(ascii: "\\"), before == UInt8(ascii: "n") || before == UInt8(ascii: "t") {
            return true
        }
        switch before {
        case 0...0x20, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "("), UInt8(ascii: "["),
            UInt8(ascii: "{"), UInt8(ascii: "="), UInt8(ascii: ":"):
            return true
        default: return false
        }
    }

    /// Whether a byte ends a path: a space or a control character, a quote, a bracket, a
    /// backslash (a JSON escape) or a punctuation mark that follows paths in messages.
    private static func endsPath(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: ")"),
            UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: ":"):
            return true
        default: return false
        }
    }
}
