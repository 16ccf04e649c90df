/// One stage a session's lines pass through before the core runs them, as a middleware of Wish
/// or a handler of a swift-nio pipeline: it gets the line, the session's narrow face and the
/// rest of the chain. It passes the line on (as it is, or rewritten: `!3` becomes line 3), wraps
/// what the rest does (a redirection collects its output), or answers the line itself — a guard
/// that refuses it says why with ``SessionContext/fail(_:)`` and does not call `next`.
///
/// A session's chain is its core's handlers (the length bound, history recall), those its front
/// end composed it with (a server's guards), those its capabilities add (`>`, `>>`, `|`), and
/// the core's alias expansion, in that order; after them the core tokenizes the line, looks it up in what the session
/// offers, and runs it. The core names none of the handlers a front end adds.
@MainActor
public protocol LineHandler {
    /// What this handler makes of `line` when it needs nothing of what the rest of the chain
    /// does (it has no `!`, `>` or `|`, it is short, there is no alias): the line the rest should
    /// run, passed on without the suspension a call of ``handle(_:in:next:)`` costs every line;
    /// nil: `handle` is called. History recall takes a line so (it remembers it), unless the line
    /// recalls another. By default, every line is handled.
    func passesAtOnce(_ line: String, in context: SessionContext) -> String?
    /// Handles `line`, calling `next` with the line the rest of the chain should run, or not.
    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step
}

extension LineHandler {
    /// Every line is handled.
    public func passesAtOnce(_ line: String, in context: SessionContext) -> String? { nil }
}

/// The rest of a session's chain, from the handler after the one it is handed to.
public typealias LineHandlerNext = @MainActor (_ line: String) async -> Session.Step
