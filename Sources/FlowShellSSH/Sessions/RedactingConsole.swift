import FlowShellServing
import FlowShellTerminal

/// A console that takes this machine's paths out of everything an SSH session shows, before it
/// reaches the client (as a browser's tab is told nothing of them either).
@MainActor
final class RedactingConsole: Console {
    private let base: any Console
    private let redaction: PathRedaction

    init(_ base: any Console, redaction: PathRedaction) {
        self.base = base
        self.redaction = redaction
    }

    func write(_ text: String) { base.write(redaction.redacted(text)) }
    func writeError(_ text: String) { base.writeError(redaction.redacted(text)) }
    func writeScreen(_ text: String) { base.writeScreen(redaction.redacted(text)) }
    func flush() { base.flush() }
}
