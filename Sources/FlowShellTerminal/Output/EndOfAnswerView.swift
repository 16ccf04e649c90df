import FlowShellRuntime

/// A View that marks where each line's answer ends, for a program reading it through a pipe:
/// `--output json`'s `done` record. The REPL tells it after each line it read, once everything
/// the line showed was shown; a View for a person (text) has no such mark.
@MainActor
package protocol EndOfAnswerView: SessionView {
    /// Line `id` (its number among the lines read) is answered; `failed` when it failed, was
    /// refused or was cancelled.
    func lineAnswered(_ id: Int, failed: Bool)
}
