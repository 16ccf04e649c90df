import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import FlowShellServing

/// The agents' sessions of one server: each composed from the served flow as a browser tab's
/// is (the shared services, the server's guards), named by a handle that cannot be guessed,
/// at most ``maximumOpen`` at once.
@MainActor
final class AgentSessions {
    let maximumOpen: Int
    private let flow: ServedFlow
    private var sessions: [String: AgentSession] = [:]
    private var generator = SystemRandomNumberGenerator()

    init(flow: ServedFlow, maximumOpen: Int) {
        self.flow = flow
        self.maximumOpen = maximumOpen
    }

    /// Why a session was not opened, in the agent's words.
    struct Refusal: Error {
        let reason: String
    }

    /// Opens a session at `link` (nil: the flow's first screen); returns it and what it said
    /// as it started.
    func open(link: String?) async throws(Refusal) -> (AgentSession, [AgentView.Said]) {
        guard sessions.count < maximumOpen else {
            throw Refusal(reason: "\(maximumOpen) sessions are open, as many as this server takes: close one first")
        }
        let runtime: FlowRuntime
        do {
            runtime = try await flow.startRuntime(openSettings: nil)
        } catch {
            throw Refusal(reason: error.messages.joined(separator: "\n"))
        }
        let handle = newHandle()
        let session = AgentSession(handle: handle, runtime: runtime, handlers: flow.guards.lineHandlers)
        sessions[handle] = session
        let said = await session.start(resuming: nil, opening: link, notices: runtime.startNotices)
        return (session, said)
    }

    /// The session `handle` names, if it is open.
    func session(_ handle: String) -> AgentSession? {
        sessions[handle]
    }

    /// Closes the session `handle` names; false when none is open.
    func close(_ handle: String) async -> Bool {
        guard let session = sessions.removeValue(forKey: handle) else { return false }
        _ = await session.close()
        return true
    }

    /// Closes every session (the agent went away).
    func closeAll() async {
        for handle in sessions.keys.sorted() { _ = await close(handle) }
    }

    /// 128 random bits in hexadecimal: a handle no other agent can guess.
    private func newHandle() -> String {
        (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}
