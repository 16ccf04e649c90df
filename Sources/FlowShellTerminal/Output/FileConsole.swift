import FlowShellRuntime
import Foundation

/// A console that writes both output and errors to one file, for recorded sessions.
@MainActor
final class FileConsole: Console {
    private let handle: FileHandle

    /// Creates (or truncates) the file at `path`; the error says why it cannot be written.
    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data().write(to: url)
        handle = try FileHandle(forWritingTo: url)
    }

    /// Writes `text`; a write that fails (a full disk) loses the text rather than the session.
    func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }

    func writeError(_ text: String) {
        write(text)
    }
}
