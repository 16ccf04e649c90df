import FlowShellRuntime

/// What a server (the browser's, SSH's) composes each of its sessions with, the same for each:
/// the person at the other end may not be the person at this machine. The capabilities the
/// program links are withheld — their names stay reserved, and a line that would use one is
/// told so (``WithheldCapabilities``) — and this machine's paths are taken out of everything
/// a session shows (``PathRedaction``).
public struct ServerGuards: Sendable {
    /// The capabilities the program links that its served sessions do not get.
    public let withheld: [SessionCapability]
    /// What is taken out of everything a served session shows.
    public let redaction: PathRedaction

    /// Guards that withhold `withheld` and redact with `redaction`.
    public init(withholding withheld: [SessionCapability], redaction: PathRedaction = .ofThisMachine()) {
        self.withheld = withheld
        self.redaction = redaction
    }

    /// The line handlers a served session's lines pass, after the core's own.
    @MainActor
    public var lineHandlers: [any LineHandler] {
        [WithheldCapabilities(withheld)]
    }
}
