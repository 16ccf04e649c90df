import CPluginSpawn
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what a plugin writes on one of its pipes (stdout, stderr) until the plugin ends: once
/// it has exited, what it left in the pipe is read and nothing after — what its descendants
/// write later holds no reader of the shell — or until the pipe closes.
struct PipeUntilExit {
    /// What one read gave.
    enum Read: Equatable {
        /// That many bytes, at the start of the chunk.
        case bytes(Int)
        /// The pipe closed; `whileRunning`: before the plugin's exit was seen.
        case closed(whileRunning: Bool)
        /// The plugin exited and what it left was read, or the pipe failed.
        case ended
    }

    private let descriptor: Int32
    /// Readable once the plugin has exited (-1: not available; the pipe's end is awaited).
    private let exitWatch: Int32
    /// Once the plugin has exited: the bytes it left in the pipe, still to be read.
    private var leftOver: Int?

    init(descriptor: Int32, exitWatch: Int32) {
        self.descriptor = descriptor
        self.exitWatch = exitWatch
    }

    /// Whether the plugin may still be running: its exit has not been seen, and can be.
    var mayBeRunning: Bool { leftOver == nil && exitWatch >= 0 }

    /// Waits for the next bytes (or the plugin's exit) and reads them into `chunk`.
    mutating func next(into chunk: inout [UInt8]) -> Read {
        while true {
            if mayBeRunning {
                var watched = [
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: exitWatch, events: Int16(POLLIN), revents: 0),
                ]
                if poll(&watched, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    return .ended
                }
                if watched[1].revents != 0 { leftOver = Int(flowshell_plugin_pending_bytes(descriptor)) }
            }
            if let left = leftOver, left <= 0 { return .ended }
            let wanted = min(chunk.count, leftOver ?? chunk.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if count == 0 { return .closed(whileRunning: mayBeRunning) }
            if let left = leftOver { leftOver = left - count }
            return .bytes(count)
        }
    }
}
