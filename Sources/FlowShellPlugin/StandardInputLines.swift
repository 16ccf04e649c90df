import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of stdin, read on a thread of their own so that a running command never stops
/// a `cancel` from being read.
enum StandardInputLines {
    /// Each line without its newline; the stream ends at end of file.
    static func stream() -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        let thread = Thread {
            var pending = Data()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                var start = 0
                for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                    pending.append(contentsOf: chunk[start..<index])
                    continuation.yield(pending)
                    pending = Data()
                    start = index + 1
                }
                pending.append(contentsOf: chunk[start..<count])
            }
            if !pending.isEmpty { continuation.yield(pending) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
