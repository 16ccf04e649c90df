import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the user's own in the temporary folder (`$TMPDIR`, else `/tmp`), made with a name
/// no other program has (`mkstemps`) and readable by the user alone: what `edit` opens in the
/// editor.
struct ScratchFile {
    /// Where it is.
    let path: String

    /// Makes `NAME-XXXXXX.txt` holding `text`.
    init(named name: String, holding text: String) throws {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/\(name)-XXXXXX.txt".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemps($0, 4) } ?? -1 }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        close(descriptor)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            remove()
            throw error
        }
    }

    /// Removes it.
    func remove() {
        unlink(path)
    }
}
