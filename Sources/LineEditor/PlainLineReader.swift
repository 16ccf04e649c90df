/// Reads lines from a standard input that is not a terminal (a script, a pipe): no prompt,
/// no editing, no history. Invalid UTF-8 is repaired with U+FFFD rather than refused.
@MainActor
public final class PlainLineReader: LineReader {
    /// Creates a reader of standard input.
    public init() {}

    /// Reads the next line; the prompt is not shown, so scripts see only output.
    public func readLine(prompt: String) -> LineReadResult {
        guard var line = Swift.readLine(strippingNewline: true) else { return .end }
        if line.hasSuffix("\r") { line.removeLast() }
        return .line(line)
    }

    /// Plain input keeps no history.
    public func remember(_ line: String) {}
}
