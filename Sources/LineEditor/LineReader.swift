/// What one attempt to read a line produced.
public enum LineReadResult: Sendable, Equatable {
    /// A line, without its trailing newline.
    case line(String)
    /// Ctrl-C: the line was abandoned; read again.
    case interrupted
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case end
}

/// Reads the user's lines: with line editing on a terminal, plainly otherwise.
@MainActor
public protocol LineReader: AnyObject {
    /// Reads one line, showing `prompt` where that makes sense.
    func readLine(prompt: String) async -> LineReadResult
    /// Remembers a line for history recall (Up) and for the history file.
    func remember(_ line: String)
    /// Whether the next line is already here, so that reading it will not wait (output can
    /// then wait too, and be written once for a run of lines).
    var hasPendingLine: Bool { get }
}

extension LineReader {
    /// A person types the next line: it is never known to be here.
    public var hasPendingLine: Bool { false }
}
