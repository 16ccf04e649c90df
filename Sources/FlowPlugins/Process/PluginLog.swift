import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plugin's log file: its stderr, copied by the shell, and the shell's notes about it (lines
/// it skipped, how it ended). Never shown on the screen. Capped: past ``capacity`` bytes the
/// file becomes `<name>.1` (replacing the one before) and a new one starts, so a plugin that
/// floods its stderr uses at most twice that. Opened without following a symlink, so a link
/// put in its place cannot have the shell write elsewhere; the folder is made when missing.
public final class PluginLog: Sendable {
    /// How large the file grows before it is set aside for a new one.
    public static let capacity = 1 << 20

    /// The file's path; nil: no log.
    public let path: String?
    /// The open file and its size (notes come from the shell, stderr from a thread).
    private struct File {
        var descriptor: Int32
        var size: Int
    }

    private let file: Mutex<File>

    /// Opens (creating) the log at `path`; nil or a file that cannot be made: no log.
    public init(path: String?) {
        guard let path else {
            self.path = nil
            file = Mutex(File(descriptor: -1, size: 0))
            return
        }
        Self.makeFolders(for: path)
        let opened = Self.open(path)
        self.path = opened >= 0 ? path : nil
        var info = stat()
        file = Mutex(File(descriptor: opened, size: opened >= 0 && fstat(opened, &info) == 0 ? Int(info.st_size) : 0))
    }

    deinit {
        file.withLock { file in
            if file.descriptor >= 0 { close(file.descriptor) }
        }
    }

    /// Appends a note of the shell's, marked as such.
    public func note(_ text: String) {
        Array("flowshell: \(text)\n".utf8).withUnsafeBytes(append)
    }

    /// Appends bytes as they come (the plugin's stderr), setting the file aside first when
    /// they would take it past ``capacity``.
    public func append(_ bytes: UnsafeRawBufferPointer) {
        file.withLock { file in
            guard file.descriptor >= 0, let path, let base = bytes.baseAddress, !bytes.isEmpty else { return }
            if file.size > 0, file.size + bytes.count > Self.capacity {
                close(file.descriptor)
                // rename replaces a link at the old name rather than following it.
                _ = rename(path, path + ".1")
                file.descriptor = Self.open(path)
                file.size = 0
                guard file.descriptor >= 0 else { return }
            }
            var offset = 0
            while offset < bytes.count {
                let written = write(file.descriptor, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
            file.size += offset
        }
    }

    /// ` (its log: PATH)`, or nothing when there is no log.
    public var reference: String {
        path.map { " (its log: \($0))" } ?? ""
    }

    private static func open(_ path: String) -> Int32 {
        openForAppending(path)
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

/// Opens `path` to append to, creating it, never through a symlink.
private func openForAppending(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
}
