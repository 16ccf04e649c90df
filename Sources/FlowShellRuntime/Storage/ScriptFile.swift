import FlowShellKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of commands, as `run FILE` and `--script FILE` read it: a regular file of UTF-8 text
/// of at most ``maximumSize`` bytes. Anything else — a device (`/dev/zero`), a folder, a FIFO, a
/// socket — is refused in words without a byte of it read, so that nothing endless is read
/// and nothing waits on a writer that may never come.
package enum ScriptFile {
    /// The largest script read, in bytes: 1 MiB, some ten thousand lines of commands and more.
    package static let maximumSize = 1 << 20

    /// The text of the script at `path` (named `shown` in messages); a ``UserFacingError`` that
    /// says what is wrong with it, in words that follow "cannot read the script PATH: ".
    package static func read(_ path: String, shown: String? = nil) throws(UserFacingError) -> String {
        let name = shown ?? path
        // Not blocking: a FIFO's open would otherwise wait for a writer. fstat then says what was
        // opened, so nothing can be swapped in between a look and the read.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw UserFacingError(SystemError.describe(posixCode: errno, path: name)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw UserFacingError(SystemError.describe(posixCode: errno, path: name)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw UserFacingError("'\(name)' is a folder, not a file of commands")
        case S_IFCHR, S_IFBLK: throw UserFacingError("'\(name)' is a device, not a file of commands")
        case S_IFIFO: throw UserFacingError("'\(name)' is a FIFO (a pipe), not a file of commands")
        case S_IFSOCK: throw UserFacingError("'\(name)' is a socket, not a file of commands")
        default: throw UserFacingError("'\(name)' is not a file of commands")
        }
        guard status.st_size <= off_t(maximumSize) else { throw tooLarge(name) }
        // Read to the end, at most one byte past the limit: the file may have grown since fstat.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumSize {
            let count = chunk.withUnsafeMutableBytes { readSome(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw UserFacingError(SystemError.describe(posixCode: errno, path: name))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= maximumSize else { throw tooLarge(name) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UserFacingError("'\(name)' is not text (UTF-8), not a file of commands")
        }
        return text
    }

    /// What one `read(2)` gives (the name is taken by ``read(_:shown:)`` here).
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    private static func tooLarge(_ name: String) -> UserFacingError {
        UserFacingError("'\(name)' is larger than \(maximumSize / (1 << 20)) MiB, more than a script may be; nothing of it was run")
    }
}
