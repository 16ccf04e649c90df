/// Reads lines from a standard input that is not a terminal (a script, a pipe), or from the
/// lines of a script file: no prompt, no editing, no history. Invalid UTF-8 is repaired with
/// U+FFFD rather than refused.
@MainActor
public final class PlainLineReader: LineReader {
    private var script: [Substring]?

    /// Creates a reader of standard input.
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
        if script != nil {
            guard let next = script?.first else { return .end }
            script?.removeFirst()
            line = String(next)
        } else {
            guard let read = Swift.readLine(strippingNewline: true) else { return .end }
            line = read
        }
        if line.hasSuffix("\r") { line.removeLast() }
        return .line(line)
    }

    /// Plain input keeps no history.
    public func remember(_ line: String) {}
}
