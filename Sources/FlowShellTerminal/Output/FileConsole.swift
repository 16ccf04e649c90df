import FlowShellKit
import FlowShellRuntime
import Foundation

/// A console that writes both output and errors to one file, for recorded sessions.
@MainActor
final class FileConsole: Console {
    private let handle: FileHandle

    /// Creates (or truncates) the file at `path`; the error says why it cannot be written,
    /// naming the path as it was given.
    init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            let folder = FilePathParts.folder(of: path)
            if code == ENOENT, !folder.isEmpty { throw UserFacingError("there is no folder '\(folder)'") }
            throw UserFacingError(SystemError.describe(posixCode: code, path: path))
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes `text`; a write that fails (a full disk) loses the text rather than the session.
    func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }

    func writeError(_ text: String) {
        write(text)
    }
}
