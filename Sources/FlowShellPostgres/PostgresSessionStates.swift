import FlowCoordinator
import FlowShellRuntime
import Foundation
import PostgresNIO

/// Sessions' states of one kind (`carsharing/web-tab`) in PostgreSQL, read by whichever server a
/// session comes back to. Writes of one session go out one at a time, newest last: a state that
/// changes while the last is being written is written after it, and only the newest of those
/// waiting. A state that cannot be written is kept in memory (``problem`` says why) and written
/// when the server answers again, or with the next change. States not used for ``keptFor`` are
/// forgotten, as the data folder forgets them.
actor PostgresSessionStates: SessionStateStore {
    /// How long a state is kept after it was last used: a week, as in the data folder.
    static let keptFor = 7 * 24 * 60 * 60
    /// At most this many states wait in memory for the server to answer again.
    static let maximumInMemory = 10_000

    private let client: PostgresClient
    /// Each request's bound on waiting for a connection: a tab starting while the server is away
    /// starts at once, where it would have waited on the pool.
    private let availability: PostgresAvailability
    private let kind: String
    private let place: String
    /// States to write, newest only, by session.
    private var pending: [String: SessionState] = [:]
    /// Sessions whose state is being written now.
    private var writing: Set<String> = []
    /// Who waits for a session's writes to end.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// What was last written for each session open now, so that an unchanged state is not written again.
    private var written: [String: SessionState] = [:]
    /// States that could not be written, by session.
    private var memory: [String: SessionState] = [:]
    private(set) var problem: String?

    init(client: PostgresClient, availability: PostgresAvailability, kind: String) {
        self.client = client
        self.availability = availability
        self.kind = kind
        self.place = availability.place
        availability.onBack { [weak self] in await self?.keepWhatWaitsInMemory() }
    }

    func state(of session: String) async -> SessionState? {
        if let state = pending[session] ?? memory[session] { return state }
        do {
            let rows = try await availability.rows(
                client,
                "SELECT state FROM flowshell_session_states WHERE kind = \(kind) AND id = \(session) AND used > now() - make_interval(secs => \(Self.keptFor))"
            )
            for row in rows {
                let text = try row.decode(String.self)
                guard let state = try? JSONDecoder().decode(SessionState.self, from: Data(text.utf8)),
                    state.v == SessionState.currentVersion, state.place.v == NavigationSnapshot.currentVersion
                else { return nil }
                // What the database holds already: a session that comes back unchanged (the tabs
                // of a server that died, on the one that took them) is not written again.
                written[session] = state
                return state
            }
        } catch {
            problem = "cannot read where sessions are in \(place): " + PostgresProblem.describe(error, at: nil)
        }
        return nil
    }

    func keep(_ state: SessionState, for session: String) async {
        guard written[session] != state || memory[session] != nil else { return }
        pending[session] = state
        await write(session)
    }

    func closed(_ session: String, with state: SessionState) async {
        pending[session] = state
        await write(session)
        while writing.contains(session) {
            await withCheckedContinuation { waiting[session, default: []].append($0) }
        }
        written.removeValue(forKey: session)
    }

    func forget(_ session: String) async {
        pending.removeValue(forKey: session)
        written.removeValue(forKey: session)
        memory.removeValue(forKey: session)
        _ = try? await availability.rows(client, "DELETE FROM flowshell_session_states WHERE kind = \(kind) AND id = \(session)")
    }

    func prune() async {
        _ = try? await availability.rows(
            client, "DELETE FROM flowshell_session_states WHERE kind = \(kind) AND used <= now() - make_interval(secs => \(Self.keptFor))")
    }

    /// Writes the states that could not be written: a session that does not change again (a tab
    /// nobody types in, whose server is then killed) is not lost with the server's memory.
    private func keepWhatWaitsInMemory() async {
        for (session, state) in memory where pending[session] == nil { pending[session] = state }
        for session in Array(pending.keys) { await write(session) }
    }

    /// Writes what waits for `session`, unless that is being done already (the writing loop
    /// takes up what was added meanwhile).
    private func write(_ session: String) async {
        guard writing.insert(session).inserted else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        while let state = pending.removeValue(forKey: session) {
            do {
                let text = String(decoding: try encoder.encode(state), as: UTF8.self)
                _ = try await availability.rows(
                    client,
                    """
                    INSERT INTO flowshell_session_states (kind, id, state, used) VALUES (\(kind), \(session), \(text), now())
                    ON CONFLICT (kind, id) DO UPDATE SET state = EXCLUDED.state, used = now()
                    """)
                written[session] = state
                memory.removeValue(forKey: session)
                problem = nil
            } catch {
                problem = "cannot keep where sessions are in \(place): " + PostgresProblem.describe(error, at: nil)
                memory[session] = state
                if memory.count > Self.maximumInMemory, let other = memory.keys.first(where: { $0 != session }) {
                    memory.removeValue(forKey: other)
                }
            }
        }
        writing.remove(session)
        for waiter in waiting.removeValue(forKey: session) ?? [] { waiter.resume() }
    }
}
