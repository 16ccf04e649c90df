import FlowShellRuntime

/// What a View at a terminal shows beyond a session's: what happens at its prompt. Only the
/// terminal's text View adopts it (and what passes the text View on); the REPL tells it when a
/// View has it, and no other View is made to pretend it does.
@MainActor
package protocol TerminalView: SessionView {
    /// The line was abandoned with Ctrl-C at the prompt.
    func lineCancelled()
    /// The end of input at the prompt.
    func endOfInput()
}
