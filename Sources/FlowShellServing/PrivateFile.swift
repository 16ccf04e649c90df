#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowShellKit
import FlowShellRuntime
import Foundation

/// A file only its owner reads (mode 0600, in a folder made 0700), written whole or not at all:
/// the server's token and where its tabs were. Written by hand with `open(2)` rather than
/// `Data.write(to:options:.atomic)`, which makes the file with the process's umask first (for
/// a moment readable by others) and cannot say a mode.
package enum PrivateFile {
    /// Writes `data` to `path` through a new file beside it, renamed over it once written.
    package static func save(_ data: Data, to path: String) throws {
        let folder = FilePathParts.folder(of: path)
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let temporary = path + ".new-" + RandomToken.make(bytes: 6)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        // A failure with the new file is said of its folder: the file's name is nobody's business
        // (a tab's file is named by the tab's id).
        guard descriptor >= 0 else { throw failure(errno, folder) }
        var written = 0
        let result: Int32 = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            while written < bytes.count {
                let count = write(descriptor, base + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return 0
        }
        close(descriptor)
        guard result == 0 else {
            unlink(temporary)
            throw failure(result, folder)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code, path)
        }
    }

    /// The mode bits of the file at `path` (its permissions), or nil when it cannot be read.
    package static func permissions(of path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o777
    }

    private static func failure(_ code: Int32, _ path: String) -> UserFacingError {
        UserFacingError(SystemError.describe(posixCode: code, path: path))
    }
}
