import Foundation

/// The lines a client writes to this process's standard input, read on a thread of their own
/// (a read that blocks, so an idle agent costs no CPU and a line is taken the moment it
/// arrives), each handed on without its newline. A line longer than ``JSONRPC/longestMessage``
/// is handed on cut just past that length, which the parser refuses, and the rest of it skipped.
enum StdioLines {
    /// The lines of standard input, until it ends.
    static func read() -> AsyncStream<Data> {
        let (lines, feed) = AsyncStream<Data>.makeStream()
        let thread = Thread {
            var pending = Data()
            var skipping = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                var start = 0
                for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                    if !skipping {
                        pending.append(contentsOf: buffer[start..<index])
                        if !pending.isEmpty { feed.yield(pending) }
                    }
                    pending = Data()
                    skipping = false
                    start = index + 1
                }
                if !skipping { pending.append(contentsOf: buffer[start..<count]) }
                if pending.count > JSONRPC.longestMessage {
                    feed.yield(pending.prefix(JSONRPC.longestMessage + 1))
                    pending = Data()
                    skipping = true
                }
            }
            if !skipping, !pending.isEmpty { feed.yield(pending) }
            feed.finish()
        }
        thread.start()
        return lines
    }
}
