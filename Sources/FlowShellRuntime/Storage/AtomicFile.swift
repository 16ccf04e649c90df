import FlowShellKit
import Foundation

/// A file written whole or not at all: its new content goes to a temporary file beside it,
/// `NAME.PID.tmp`, which is renamed over it, so a crash never leaves it half written. A crash
/// between the two (`kill -9`) leaves the temporary file; the next start removes those of
/// processes that have ended (``removeStaleTemporaries(of:)``), with the ones Foundation's
/// atomic writes left before (`.dat.nosyncPID.*`). The history file is written the same way.
package enum AtomicFile {
    /// The temporary file `process` writes `path`'s new content to.
    package static func temporaryPath(of path: String, process: Int32 = getpid()) -> String {
        "\(path).\(process).tmp"
    }

    /// Replaces the content of the file at `path` with `data`; the error is in the user's words.
    package static func write(_ data: Data, to path: String) throws {
        let temporary = temporaryPath(of: path)
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw UserFacingError(SystemError.describe(posixCode: code, path: path))
        }
    }

    /// Removes the temporary files beside `path` that processes which have ended left.
    package static func removeStaleTemporaries(of path: String) {
        let folder = FilePathParts.folder(of: path)
        let name = FilePathParts.name(of: path)
        guard !name.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
            return
        }
        for entry in entries {
            guard let process = writer(ofTemporary: entry, of: name), !isRunning(process) else { continue }
            unlink(FilePathParts.joining(folder, entry))
        }
    }

    /// The process that wrote `entry`, when it is a temporary file of `name`'s: `NAME.PID.tmp`,
    /// or Foundation's `.dat.nosyncPID.RANDOM` (its process in hexadecimal).
    static func writer(ofTemporary entry: String, of name: String) -> Int32? {
        if entry.hasPrefix(name + "."), entry.hasSuffix(".tmp") {
            let number = entry.dropFirst(name.count + 1).dropLast(4)
            return number.allSatisfy(\.isASCII) ? Int32(number) : nil
        }
        let foundation = ".dat.nosync"
        guard entry.hasPrefix(foundation), let dot = entry.dropFirst(foundation.count).firstIndex(of: ".") else { return nil }
        return Int32(entry[entry.index(entry.startIndex, offsetBy: foundation.count)..<dot], radix: 16)
    }

    /// Whether `process` runs (or may: another user's answers that it exists).
    private static func isRunning(_ process: Int32) -> Bool {
        guard process > 0, process != getpid() else { return process == getpid() }
        return kill(process, 0) == 0 || errno != ESRCH
    }
}
