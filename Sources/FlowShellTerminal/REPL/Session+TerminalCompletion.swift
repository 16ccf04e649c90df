import FlowShellRuntime
import LineEditor

// The terminal's Tab: the session's completion (with this machine's files for a path, which
// the session's files capability lists), as the line editor takes it.
extension Session {
    /// What Tab at the terminal does for the text before the cursor.
    public func completeAtTerminal(_ textBeforeCursor: String) -> LineCompletion {
        let completion = complete(textBeforeCursor)
        return LineCompletion(
            deleting: completion.deleting, insert: completion.insert,
            candidates: completion.candidates, descriptions: completion.descriptions)
    }
}
