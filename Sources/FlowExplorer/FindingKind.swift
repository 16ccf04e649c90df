/// What kind of failure a finding is.
public enum FindingKind: String, Codable, Sendable, CaseIterable {
    /// A screen could not be built (it threw or refused its input), or could not look again at
    /// what it shows, on a path a user can take.
    case screenFailed = "screen-failed"
    /// A screen's command, given a value it offers, failed with an error that is not a message
    /// for the user, or the plugin of its screen stopped while it ran (its deadline, a crash).
    case commandFailed = "command-failed"
    /// A transition the config declares was refused when taken (a dismiss with no modal layer
    /// open, a push beyond the stack's limit).
    case transitionFailed = "transition-failed"
    /// A screen emitted an event that no transition handles: the command did nothing.
    case unhandledEvent = "unhandled-event"
    /// A screen with no way on or back: only quit leaves it.
    case deadEnd = "dead-end"
    /// A step did not finish within its deadline.
    case deadline
    /// A deep link did not build its stack for a value its completion offers.
    case linkFailed = "link-failed"
    /// A guard's flow that no path finishes: the guarded transition never goes on.
    case guardUnfinished = "guard-unfinished"
    /// A sub-flow that no path finishes with a result.
    case flowUnfinished = "flow-unfinished"
    /// A guard's flow finished, but its condition still did not hold.
    case guardStillUnmet = "guard-still-unmet"
    /// A guard's flow was cancelled, and the stack was not as it was before it.
    case guardCancelMoved = "guard-cancel-moved"
    /// Typing a path's lines again in a fresh session did not lead to the same screens.
    case nondeterministic
}
