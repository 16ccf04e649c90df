import FlowShellRuntime

/// The commands an agent's person must say yes to (the config's `personConfirms`), and the line
/// handler of an agent's session that runs none of them without that yes. The MCP server asks
/// the person about a line as the agent typed it and approves it here; the handler sees the
/// line as it runs — after the history's `!N` / `!prefix` is replaced by the line it recalls —
/// so a line that reaches such a command some other way than as asked about does not run.
@MainActor
final class ConfirmationGuard: LineHandler {
    /// The lines the person said yes to that have not run yet.
    private var approved: [String] = []

    /// Lets `line` run once.
    func approve(_ line: String) {
        approved.append(line)
    }

    /// The session whose lines it sees.
    weak var session: Session?

    /// The command `line` runs in `session` — itself, or through an alias, as the session reads
    /// it — when it is one of the top screen's own that the config says needs a person's yes;
    /// nil when it runs as it is.
    static func commandNeedingYes(_ line: String, in session: Session) -> String? {
        let flow = session.runtime.flow
        guard let name = session.commandName(of: line), let top = flow.top, flow.manifest.needsPerson(name, on: top.featureID) else {
            return nil
        }
        switch session.offered.command(named: name) {
        case .screen?, .addedByConfig?: return name
        default: return nil
        }
    }

    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        if let session, let name = Self.commandNeedingYes(line, in: session) {
            guard let index = approved.firstIndex(of: line) else {
                context.fail(
                    "\(name) needs your person's yes, which is asked for a line run as it is typed (not recalled from the history): nothing ran"
                )
                return .next
            }
            approved.remove(at: index)
        }
        return await next(line)
    }
}
