import FlowShellRuntime
import Foundation

/// Adds each line a session runs to the server's ``AuditLog``, with who ran it and through
/// which front end, once it has run (whether it failed is part of the record). A server composes
/// its sessions with it when it keeps an audit log (``ServerGuards``).
public struct LineAudit: LineHandler {
    private let log: AuditLog
    private let session: ServedSession

    /// Records the lines of `session` in `log`.
    public init(log: AuditLog, session: ServedSession) {
        self.log = log
        self.session = session
    }

    public func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date())
        let failuresBefore = context.failures
        let step = await next(line)
        log.add(
            AuditLog.Record(
                time: time, frontEnd: session.frontEnd, session: session.id, user: session.user, line: line,
                failed: context.failures > failuresBefore))
        return step
    }
}
