import Foundation

/// A console that writes both output and errors to one file, for recorded sessions.
@MainActor
final class FileConsole: Console {
    private let handle: FileHandle

    /// Creates (or truncates) the file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
    }

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }

    func writeError(_ text: String) {
        write(text)
    }
}
