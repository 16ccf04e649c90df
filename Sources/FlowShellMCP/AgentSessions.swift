import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import FlowShellServing

/// The agents' sessions of one server: each composed from the served flow as a browser tab's
/// is (the shared services, the server's guards), named by a handle that cannot be guessed,
/// at most ``maximumOpen`` at once. With a store, what each session knows is kept after each
/// line, as a tab's is, so that its handle still works after the server restarted — or after
/// the session was closed to make room, the one used longest ago, when ``maximumOpen`` are
/// open: the session opens again where it was.
@MainActor
final class AgentSessions {
    let maximumOpen: Int
    private let flow: ServedFlow
    private let store: (any SessionStateStore)?
    private let recorders: AgentRecorders?
    private var sessions: [String: AgentSession] = [:]
    private var generator = SystemRandomNumberGenerator()
    /// When each open session was last used, by a count of uses: with a store, the one used
    /// longest ago is closed (its state kept) to make room for another.
    private var uses: [String: Int] = [:]
    private var useCount = 0
    /// Told the handle of a session whose screen changed by itself.
    var screenChanged: (String) -> Void = { _ in }

    init(flow: ServedFlow, maximumOpen: Int, store: (any SessionStateStore)? = nil, recorders: AgentRecorders? = nil) {
        self.flow = flow
        self.maximumOpen = maximumOpen
        self.store = store
        self.recorders = recorders
    }

    /// Why a session was not opened, in the agent's words.
    struct Refusal: Error {
        let reason: String
    }

    /// Opens a session at `link` (nil: the flow's first screen); returns it and what it said
    /// as it started.
    func open(link: String?) async throws(Refusal) -> (AgentSession, [AgentView.Said]) {
        try await start(handle: newHandle(), resuming: nil, link: link)
    }

    private func start(
        handle: String, resuming state: SessionState?, link: String?
    ) async throws(Refusal) -> (
        AgentSession, [AgentView.Said]
    ) {
        let idle = uses.filter { sessions[$0.key]?.isBusy == false }
        if sessions.count >= maximumOpen, store != nil, let idlest = idle.min(by: { $0.value < $1.value })?.key,
            let evicted = sessions.removeValue(forKey: idlest)
        {
            // Its state is kept: its handle opens it again where it was, when next used.
            uses[idlest] = nil
            await store?.keep(await evicted.close(), for: idlest)
        }
        guard sessions.count < maximumOpen else {
            throw Refusal(reason: "\(maximumOpen) sessions are open, as many as this server takes: close one first")
        }
        let runtime: FlowRuntime
        do {
            runtime = try await flow.startRuntime(openSettings: nil)
        } catch {
            throw Refusal(reason: error.messages.joined(separator: "\n"))
        }
        let recorder = recorders?(
            AgentRecordingStart(handle: handle, app: runtime.flow.manifest.app, link: link, place: state?.place))
        let session = AgentSession(
            handle: handle, runtime: runtime,
            handlers: flow.guards.lineHandlers(for: ServedSession(frontEnd: "agent", id: String(handle.prefix(8)))),
            recorder: recorder)
        session.onUpdate = { [weak self] in self?.screenChanged(handle) }
        sessions[handle] = session
        used(handle)
        let said = await session.start(resuming: state, opening: link, notices: runtime.startNotices)
        await kept(session)
        return (session, said)
    }

    /// The session `handle` names: open now, or opened again where it was when its state is
    /// kept (the server restarted); nil when the handle names none.
    func session(_ handle: String) async -> AgentSession? {
        if let open = sessions[handle] {
            used(handle)
            return open
        }
        guard Self.isHandle(handle), let store, let state = await store.state(of: handle) else { return nil }
        return try? await start(handle: handle, resuming: state, link: nil).0
    }

    /// The handles of the sessions open now.
    var openHandles: [String] { sessions.keys.sorted() }

    /// Keeps what `session` knows now, when states are kept.
    func kept(_ session: AgentSession) async {
        await store?.keep(session.state, for: session.handle)
    }

    private func used(_ handle: String) {
        useCount += 1
        uses[handle] = useCount
    }

    /// Closes the session `handle` names and forgets it; false when none is open.
    func close(_ handle: String) async -> Bool {
        uses[handle] = nil
        guard let session = sessions.removeValue(forKey: handle) else { return false }
        _ = await session.close()
        await store?.forget(handle)
        return true
    }

    /// Closes every session, keeping what each knew (the agent went away, or the server stops).
    func closeAll() async {
        for handle in sessions.keys.sorted() {
            guard let session = sessions.removeValue(forKey: handle) else { continue }
            uses[handle] = nil
            await store?.keep(await session.close(), for: handle)
        }
    }

    /// A handle as this server makes them: 32 hexadecimal digits (and so a file's name a store
    /// may keep it under).
    static func isHandle(_ text: String) -> Bool {
        text.utf8.count == 32
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// 128 random bits in hexadecimal: a handle no other agent can guess.
    private func newHandle() -> String {
        (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}
