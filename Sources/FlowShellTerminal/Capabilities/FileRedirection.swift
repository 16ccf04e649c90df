import FlowShellKit
import FlowShellRuntime
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `CMD > FILE` and `CMD >> FILE` at the terminal: the file is checked before the command runs,
/// then written whole and at once (replaced through a new file renamed over it) or added to in
/// one write. `~/` stands for the home folder, as in a shell.
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
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: typedFolder.isEmpty ? "." : typedFolder))")
        }
    }

    /// Writes `text` to `path`: the file replaced, or (`appending`) added to at its end.
    static func write(_ text: String, to path: String, appending: Bool, environment: [String: String]) throws(UserFacingError) {
        let full = expanded(path, environment: environment)
        guard appending else {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: full), options: .atomic)
            } catch {
                throw UserFacingError("cannot write to \(path): \(SystemError.describe(error))")
            }
            return
        }
        let descriptor = open(full, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: path))")
        }
        defer { close(descriptor) }
        guard writeAll(Array(text.utf8), to: descriptor) else {
            throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: path))")
        }
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
