#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plugin's log file: its stderr, and the shell's notes about it (lines it skipped, how it
/// ended). Opened for appending; the folder is made when missing. Never shown on the screen.
public final class PluginLog: Sendable {
    /// The file's path; nil: no log.
    public let path: String?
    /// The descriptor, or -1 when there is no file.
    let descriptor: Int32

    /// Opens (creating) the log at `path`; nil or a file that cannot be made: no log.
    public init(path: String?) {
        guard let path else {
            self.path = nil
            descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
            return
        }
        Self.makeFolders(for: path)
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        self.path = opened >= 0 ? path : nil
        descriptor = opened >= 0 ? opened : open("/dev/null", O_WRONLY | O_CLOEXEC)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends a note of the shell's, marked as such.
    public func note(_ text: String) {
        guard descriptor >= 0 else { return }
        let bytes = Array("flowshell: \(text)\n".utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// ` (log: PATH)`, or nothing when there is no log.
    public var reference: String {
        path.map { " (its log: \($0))" } ?? ""
    }

    private static func makeFolders(for path: String) {
        var folder = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            folder += (index == 0 ? "" : "/") + part
            if !folder.isEmpty { mkdir(folder, 0o755) }
        }
    }
}
