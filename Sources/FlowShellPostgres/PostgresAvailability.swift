import Logging
import PostgresNIO
import Synchronization

/// Whether PostgreSQL answers this process, and how long a request waits for it. While the server
/// is away the pool keeps a request waiting for a connection as it retries (about a minute); here
/// a request that has none within ``bound`` is refused in words, before any of it ran, so that
/// nothing is half-written. The first request that finds the server away says so once (`report`);
/// from then requests are refused at once while a probe connects once a second, and says once that
/// it is back (and runs what waited for that: ``onBack(_:)``).
final class PostgresAvailability: Sendable {
    /// How long a request waits for a connection before it is refused.
    static let bound: Duration = .seconds(3)

    let place: String
    private let address: DatabaseAddress
    private let report: @Sendable (String) -> Void
    private let away = Mutex(false)
    /// What runs each time the server answers again after it was found away.
    private let whenBack = Mutex<[@Sendable () async -> Void]>([])
    private let logger = Logger(label: "flowshell-postgres") { _ in SwiftLogNoOpLogHandler() }

    init(address: DatabaseAddress, report: @escaping @Sendable (String) -> Void) {
        self.address = address
        self.place = address.place
        self.report = report
    }

    /// Runs `action` each time the server answers again after it was found away: what could not
    /// be kept meanwhile is kept then, not only with the next change (which may never come).
    func onBack(_ action: @escaping @Sendable () async -> Void) {
        whenBack.withLock { $0.append(action) }
    }

    /// Whether a request is still waiting for its connection, has it, or was refused for waiting
    /// too long: the one that comes first of the last two wins.
    private enum Lease {
        case waiting, leased, refused
    }

    private final class LeaseState: Sendable {
        let lease = Mutex(Lease.waiting)

        /// Moves from waiting to `next`; false when the other came first.
        func take(_ next: Lease) -> Bool {
            lease.withLock { lease in
                guard lease == .waiting else { return false }
                lease = next
                return true
            }
        }
    }

    /// `work` on a connection of `client`'s pool; ``PostgresUnavailable`` when none is had within
    /// ``bound``, before `work` began.
    func withConnection<Result: Sendable>(
        _ client: PostgresClient, _ work: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        // Known to be away: refused at once, not after the bound each time, until the probe finds
        // it back (a tab opening meanwhile would otherwise wait the bound for each of its reads).
        if away.withLock({ $0 }) { throw PostgresUnavailable(waited: Self.bound) }
        let state = LeaseState()
        do {
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        guard state.take(.leased) else { throw PostgresUnavailable(waited: Self.bound) }
                        return try await work(connection)
                    }
                }
                group.addTask {
                    try await Task.sleep(for: Self.bound)
                    if state.take(.refused) { throw PostgresUnavailable(waited: Self.bound) }
                    return nil
                }
                while let next = try await group.next() {
                    if let next {
                        group.cancelAll()
                        return next
                    }
                }
                throw PostgresUnavailable(waited: Self.bound)
            }
        } catch {
            if PostgresProblem.meansAway(error) { wentAway() }
            throw error
        }
    }

    /// The rows `query` answers, on a connection of `client`'s pool had within ``bound``.
    func rows(_ client: PostgresClient, _ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection(client) { [logger] connection in
            var rows: [PostgresRow] = []
            for try await row in try await connection.query(query, logger: logger) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Says once that the server is away, and starts the probe that says when it is back.
    private func wentAway() {
        let first = away.withLock { away in
            defer { away = true }
            return !away
        }
        guard first else { return }
        report("warning: \(place) does not answer: what needs it is refused until it is back")
        Task.detached { [self] in await probe() }
    }

    /// Connects once a second until the server answers, then says it is back.
    private func probe() async {
        while true {
            try? await Task.sleep(for: .seconds(1))
            guard let configuration = try? address.connectionConfiguration(),
                let connection = try? await PostgresConnection.connect(configuration: configuration, id: 2, logger: logger)
            else { continue }
            try? await connection.close()
            break
        }
        away.withLock { $0 = false }
        report("\(place) answers again: what needs it works again")
        for action in whenBack.withLock({ $0 }) { await action() }
    }
}

/// A request refused because the server gave no connection within the bound.
struct PostgresUnavailable: Error {
    let waited: Duration
}
