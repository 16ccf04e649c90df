import FlowShellKit
import FlowShellRuntime

/// The line handler of an agent's session that, when the config makes agents' sessions
/// read-only (`agentsReadOnly`), refuses a line whose command — itself, or through an alias,
/// as the session reads it — is one the top screen declares as changing or taking back what
/// the app keeps (``CommandEffect``). It reads the config at each line, so a reload applies.
@MainActor
final class ReadOnlyGuard: LineHandler {
    /// The session whose lines it sees.
    weak var session: Session?

    /// Why `line` may not run in `session`, in the agent's words; nil when it may.
    static func refusal(of line: String, in session: Session) -> String? {
        guard session.runtime.flow.manifest.agentsReadOnly, let name = session.commandName(of: line),
            case .screen(let command)? = session.offered.command(named: name), let effect = command.effect
        else { return nil }
        let does = effect == .destroys ? "takes back what the app keeps" : "changes what the app keeps"
        return "\(name) \(does), and this app lets agents only look (agentsReadOnly in its config): nothing ran"
    }

    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        if let session, let refusal = Self.refusal(of: line, in: session) {
            context.fail(refusal)
            return .next
        }
        return await next(line)
    }
}
