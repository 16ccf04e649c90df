/// What a session is doing — one state, which decides how a change of the top screen is
/// shown: as the answer to the line that runs (once its work has settled), or as the screen's
/// own doing (at once, and the prompt may need drawing again). Background events are routed at
/// once only when no line runs.
package enum SessionActivity: Equatable, Sendable {
    /// Waiting for a line.
    case idle
    /// Running a line, a script's lines, or a reload.
    case runningLine
    /// Inside `wait`: the line waits while the screens change by themselves, as at a prompt.
    case waiting
}
