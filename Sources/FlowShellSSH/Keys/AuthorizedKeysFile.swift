import FlowShellRuntime
import Foundation
import NIOSSH
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The authorized-keys file, read again whenever it changed (its size, time or inode), as sshd
/// reads its file at each login: a key added or removed counts from the next login, with no
/// restart. What is wrong in it is said once per change of the file, on standard error.
final class AuthorizedKeysFile: Sendable {
    let path: String
    private let report: @Sendable (String) -> Void
    private let state = NIOLockedValueBox(State())

    private struct State {
        var keys = AuthorizedKeys()
        /// What the file was when last read (nil: not read yet).
        var signature: [Int]?
    }

    /// The file at `path`; `report` is told what is wrong in it (one line each).
    init(path: String, report: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.report = report
    }

    /// The keys as the file lists them now.
    var keys: AuthorizedKeys {
        state.withLockedValue { state in
            let signature = Self.signature(of: path)
            if signature != state.signature {
                state.signature = signature
                state.keys = read(exists: signature != [])
            }
            return state.keys
        }
    }

    /// The user `key` belongs to, if the file lists it now.
    func user(of key: NIOSSHPublicKey) -> String? {
        keys.user(of: key)
    }

    private func read(exists: Bool) -> AuthorizedKeys {
        guard exists else {
            report("warning: \(path) does not exist: nobody can log in until it lists their keys")
            return AuthorizedKeys()
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o022 != 0 {
            // Anyone who may write the file could let themselves in, as sshd's StrictModes says.
            report("warning: \(path) may be written by others than its owner, so none of its keys is accepted (chmod go-w \(path))")
            return AuthorizedKeys()
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            report("warning: cannot read \(path): \(SystemError.describe(error)); nobody can log in until it can be read")
            return AuthorizedKeys()
        }
        let keys = AuthorizedKeys(parsing: text)
        for problem in keys.problems {
            report("warning: \(path), \(problem)")
        }
        return keys
    }

    /// What identifies the file's content without reading it: inode, size and change time; an
    /// empty list when there is no file.
    private static func signature(of path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        #if canImport(Darwin)
        let changed = [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
        #else
        let changed = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        #endif
        return [Int(status.st_ino), Int(status.st_size), Int(status.st_mode)] + changed
    }
}
