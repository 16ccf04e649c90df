import FlowShellKit
import FlowShellRuntime
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `CMD > FILE` and `CMD >> FILE` at the terminal: the file is checked before the command runs,
/// then written whole and at once (a regular file replaced through a new file renamed over it,
/// anything else written as it is) or added to in one write. `~/` stands for the home folder,
/// as in a shell.
enum FileRedirection {
    /// Whether the output can go to `path`, checked before the command runs, so that a command
    /// is not run for nothing: a file's folder must exist and it must be writable.
    static func check(_ path: String, environment: [String: String]) throws(UserFacingError) {
        guard !path.isEmpty else { throw UserFacingError("cannot write to '': a file needs a name") }
        let full = expanded(path, environment: environment)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) {
            guard !isFolder.boolValue else { throw UserFacingError("cannot write to \(path): it is a folder") }
            guard access(full, W_OK) == 0 else {
                throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: path))")
            }
            return
        }
        let folder = FilePathParts.folder(of: full)
        let typedFolder = FilePathParts.folder(of: path)
        if !folder.isEmpty {
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
                throw UserFacingError("cannot write to \(path): there is no folder '\(typedFolder)'")
            }
            guard isFolder.boolValue else { throw UserFacingError("cannot write to \(path): '\(typedFolder)' is a file, not a folder") }
        }
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
            throw UserFacingError(
                "cannot write to \(path): \(SystemError.describe(posixCode: errno, path: typedFolder.isEmpty ? "." : typedFolder))")
        }
    }

    /// Writes `text` to `path`: the file replaced, or (`appending`) added to at its end. A
    /// write the system refuses — on the write itself, on the flush to the disk or on the close
    /// (a full disk, `/dev/full`) — is the error, in the user's words. A regular file (or a new
    /// one) is replaced whole or not at all: the text goes to a temporary file beside it, renamed
    /// over it once flushed, so a failed write leaves the file as it was (or none). What a failed
    /// `>>` added to a regular file is cut off again, and a file it made is removed. Anything
    /// else (`/dev/null`, a FIFO, a terminal) is written to as it is.
    static func write(_ text: String, to path: String, appending: Bool, environment: [String: String]) throws(UserFacingError) {
        let full = expanded(path, environment: environment)
        let bytes = Array(text.utf8)
        var status = stat()
        // Through a symbolic link to the file it names, as a shell's `>` writes.
        let target = lstat(full, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK ? (resolved(full) ?? full) : full
        let exists = stat(target, &status) == 0
        guard appending || (exists && (status.st_mode & S_IFMT) != S_IFREG) else {
            try replace(target, with: bytes, mode: exists ? status.st_mode & 0o7777 : nil, named: path)
            return
        }
        // `>>` onto no file makes one, and says so, so that a failed write can remove it.
        let made = appending && !exists
        let descriptor = open(target, O_WRONLY | O_CLOEXEC | (appending ? O_APPEND : O_TRUNC) | (made ? O_CREAT | O_EXCL : 0), 0o666)
        guard descriptor >= 0 else {
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: path))")
        }
        let regular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        let before = status.st_size
        var failure: Int32?
        if !writeAll(bytes, to: descriptor) { failure = errno }
        if failure == nil, regular, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if failure != nil, appending, regular, !made { _ = ftruncate(descriptor, before) }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            if made { unlink(target) }
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: failure, path: path))")
        }
    }

    /// Replaces the regular file `target` (or makes it) with `bytes` through a temporary file
    /// beside it, flushed to the disk before it is renamed over `target`; `mode` is the
    /// permissions of the file replaced, kept. On any failure the temporary file is removed.
    private static func replace(_ target: String, with bytes: [UInt8], mode: mode_t?, named path: String) throws(UserFacingError) {
        let temporary = AtomicFile.temporaryPath(of: target)
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else {
            let folder = FilePathParts.folder(of: path)
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: folder.isEmpty ? "." : folder))")
        }
        var failure: Int32?
        if let mode, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == nil, !writeAll(bytes, to: descriptor) { failure = errno }
        // A full disk may say so only when the data reaches it (delayed allocation).
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, target) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: failure, path: path))")
        }
    }

    /// The file a symbolic link leads to, or nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Writes all of `bytes`, going on after a signal or a partial write; false when the
    /// descriptor refuses them (errno says why).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            #if canImport(Glibc)
            let written = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            #else
            let written = rest.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            rest = rest.dropFirst(written)
        }
        return true
    }

    /// `path` with a leading `~/` standing for the home folder, as in a shell.
    static func expanded(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else { return path }
        return home + path.dropFirst()
    }
}
