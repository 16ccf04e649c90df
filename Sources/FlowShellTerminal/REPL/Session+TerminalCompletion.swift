import FlowShellKit
import FlowShellRuntime

// The terminal's Tab: the session's completion (with this machine's files for a path, which
// the session's files capability lists), the value the line editor applies.
extension Session {
    /// What Tab at the terminal does for the text before the cursor.
    public func completeAtTerminal(_ textBeforeCursor: String) -> Completion {
        complete(textBeforeCursor)
    }
}
