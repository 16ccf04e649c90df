import FlowShellKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Redirection {
    /// Whether the output can go where the line says, checked before the command runs, so that
    /// a command is not run for nothing: a file's folder must exist and it must be writable.
    func checkDestination(environment: [String: String]) throws(UserFacingError) {
        guard case .file(let path, _) = self else { return }
        let full = Self.expanded(path, environment: environment)
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

    /// Sends `text` where the line said: a file is written whole and at once (replaced through
    /// a new file renamed over it) or added to in one write; a shell command reads it on its
    /// standard input while its own output goes to the terminal.
    func deliver(_ text: String, environment: [String: String]) async throws(UserFacingError) {
        switch self {
        case .file(let path, appending: false):
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: Self.expanded(path, environment: environment)), options: .atomic)
            } catch {
                throw UserFacingError("cannot write to \(path): \(SystemError.describe(error))")
            }
        case .file(let path, appending: true):
            let descriptor = open(Self.expanded(path, environment: environment), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: path))")
            }
            defer { close(descriptor) }
            guard Self.write(Array(text.utf8), to: descriptor) else {
                throw UserFacingError("cannot write to \(path): \(SystemError.describe(posixCode: errno, path: path))")
            }
        case .pipe(let command):
            do {
                // The command's status is its own to report, as in a shell pipeline.
                _ = try await SystemShell.run(command, input: text, sharesInput: false, environment: environment)
            } catch let error as UserFacingError {
                throw error
            } catch {
                throw UserFacingError("cannot run \(command): \(error)")
            }
        }
    }

    /// Writes all of `bytes`, going on after a signal or a partial write; false when the
    /// descriptor refuses them (errno says why).
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
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
    private static func expanded(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else { return path }
        return home + path.dropFirst()
    }
}
