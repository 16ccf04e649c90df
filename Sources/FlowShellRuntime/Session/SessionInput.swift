import FlowShellKit

/// What a front end hands its session: one stream of these is all a session is driven by
/// (``SessionLoop``). A terminal's reader thread, a browser tab's socket, an SSH channel, the
/// explorer and the harnesses each turn what reaches them into inputs; the loop decides the order.
public enum SessionInput: Sendable {
    /// A typed line, with the front end's number for it (echoed in ``SessionReport/lineEnded(id:failed:cancelled:step:)``).
    /// Lines run one at a time, in the order they came.
    case line(String, id: Int)
    /// Tab: what the session offers for `textBeforeCursor`, handed to `reply` at once — even while
    /// a line runs.
    case complete(String, reply: @Sendable (Completion) -> Void)
    /// Cancel (Ctrl-C): the line with this id — the one running, or one waiting, which then does not
    /// run and is reported as cancelled — or, with nil, whatever line runs now.
    case cancel(id: Int?)
    /// The screens' background work emitted events (effects, subscriptions): they are routed at
    /// once when no line runs, else after it.
    case backgroundEvents
    /// The config changed: it is read again, in turn with the lines.
    case reload
    /// No more input comes: the lines that wait still run, then the loop ends.
    case end
    /// The person went away (a page closed, a connection lost): the running line is cancelled,
    /// those that wait do not run, and the loop ends.
    case hangUp
}
