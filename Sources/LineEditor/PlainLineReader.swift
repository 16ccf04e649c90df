#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a standard input that is not a terminal (a script, a pipe), or from the
/// lines of a script file: no prompt, no editing, no history. Invalid UTF-8 is repaired with
/// U+FFFD rather than refused.
@MainActor
public final class PlainLineReader: LineReader {
    private var script: [Substring]?
    private var nextScriptLine = 0
    /// Standard input read so far and not yet returned as lines, from `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on: the bytes from `start` to here hold none
    /// (a line of megabytes read in chunks is searched once, not once a chunk).
    private var searched = 0
    private var atEnd = false

    /// How much of standard input one read asks for.
    private static let chunk = 64 * 1024

    /// A reader of standard input (a pipe or a file), which it reads in large chunks.
    public init() {}

    /// Creates a reader of a script's text, line by line.
    public init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        script = lines
    }

    /// Reads the next line; the prompt is not shown, so scripts see only output.
    public func readLine(prompt: String) -> LineReadResult {
        var line: String
        if let script {
            guard nextScriptLine < script.count else { return .end }
            line = String(script[nextScriptLine])
            nextScriptLine += 1
        } else {
            guard let read = nextInputLine() else { return .end }
            line = read
        }
        // A CRLF file's lines end in a carriage return (a byte test: `hasSuffix` compares
        // whole characters).
        if line.utf8.last == 0x0D { line.removeLast() }
        return .line(line)
    }

    /// Whether the next line can be had without waiting for input: a script's always can, and
    /// standard input's when a whole line was read ahead.
    public var hasPendingLine: Bool {
        script != nil || atEnd || buffer[max(start, searched)...].contains(0x0A)
    }

    /// Plain input keeps no history.
    public func remember(_ line: String) {}

    /// The next line of standard input, without its newline; nil at its end. Read in large
    /// chunks with read(2) (hand-written rather than `Swift.readLine`, so that the shell can
    /// tell when the next line is already here, and write its output once for a run of them).
    private func nextInputLine() -> String? {
        while true {
            if let newline = buffer[max(start, searched)...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                searched = start
                return line
            }
            searched = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            // What was returned already goes before more is read.
            buffer.removeSubrange(0..<start)
            searched -= start
            start = 0
            let kept = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
            let read = buffer.withUnsafeMutableBytes { bytes in
                Platform.readAvailable(STDIN_FILENO, into: UnsafeMutableRawBufferPointer(rebasing: bytes[kept...]))
            }
            buffer.removeLast(Self.chunk - max(0, read))
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { atEnd = true }
        }
    }
}
