import FlowShellRuntime

/// What a server (the browser's, SSH's, agents') composes each of its sessions with, the same
/// for each: the person at the other end may not be the person at this machine. The
/// capabilities the program links are withheld — their names stay reserved, and a line that
/// would use one is told so (``WithheldCapabilities``) — this machine's paths are taken out of
/// everything a session shows (``PathRedaction``), one session's lines run no faster than
/// ``linesPerSecond`` (``LineRate``), and, when the server keeps an audit log, each line is
/// added to it (``LineAudit``).
public struct ServerGuards: Sendable {
    /// The capabilities the program links that its served sessions do not get.
    public let withheld: [SessionCapability]
    /// What is taken out of everything a served session shows.
    public let redaction: PathRedaction
    /// Where each line a served session runs is recorded; nil: nowhere.
    public let audit: AuditLog?

    /// How many lines a session may run at once, beyond its rate…
    public static let lineBurst = 200
    /// …and per second after that: far more than a person types, or a pasted script needs.
    public static let linesPerSecond = 100

    /// Guards that withhold `withheld`, redact with `redaction` and record lines in `audit`.
    public init(withholding withheld: [SessionCapability], redaction: PathRedaction = .ofThisMachine(), audit: AuditLog? = nil) {
        self.withheld = withheld
        self.redaction = redaction
        self.audit = audit
    }

    /// The line handlers the lines of `session` pass, after the core's own: recorded (when
    /// audited) whatever becomes of them, then held to the rate, then refused when they would
    /// use what is withheld.
    @MainActor
    public func lineHandlers(for session: ServedSession) -> [any LineHandler] {
        let audited: [any LineHandler] = audit.map { [LineAudit(log: $0, session: session)] } ?? []
        return audited + [
            LineRate(perSecond: Self.linesPerSecond, burst: Self.lineBurst, clock: ContinuousClock()),
            WithheldCapabilities(withheld),
        ]
    }
}
