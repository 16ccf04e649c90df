import FlowShellKit
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Tells this server's followers of records (``PostgresRecords/changes(of:)``) which keys any
/// server committed: `LISTEN` on one connection of its own — a notification reaches only the
/// connection that listens, so it cannot be one of the pool's, which serve whoever asks next.
/// It listens while anyone follows (started by the first, stopped when the last goes); when its
/// connection is lost it connects again, and once it listens again it tells every follower to read everything (nil),
/// since what was committed meanwhile was told to nobody here. A follower's first nil comes once
/// the listener listens, so that every change committed after it is told.
final class PostgresRecordListener: Sendable {
    /// The channel every server notifies and listens on.
    static let channel = "flowshell_records"
    /// PostgreSQL refuses a payload of 8,000 bytes or more: a longer key is told as "anything".
    static let longestPayload = 7_999

    private struct Follower {
        let prefix: String
        let continuation: AsyncStream<String?>.Continuation
    }

    private struct State {
        var followers: [UUID: Follower] = [:]
        /// The listening task while anyone follows, and its number: a task that was stopped
        /// changes nothing of the next one's.
        var listener: Task<Void, Never>?
        var generation = 0
        var listening = false
        /// How many times a listener began to listen: each time, what was committed before may
        /// have been told to nobody here.
        var turns = 0
    }

    private let address: DatabaseAddress
    private let state = Mutex(State())
    private let logger = Logger(label: "flowshell-postgres") { _ in SwiftLogNoOpLogHandler() }

    init(address: DatabaseAddress) {
        self.address = address
    }

    /// Which turn of listening this is while it listens (every change committed is told from its
    /// start on), nil while it does not.
    var listeningTurn: Int? {
        state.withLock { $0.listening ? $0.turns : nil }
    }

    /// What a change of `key` in `app`'s `collection` notifies: `carsharing/bookings:BK-1002`.
    static func payload(app: String, collection: String, key: String) -> String {
        let whole = "\(app)/\(collection):\(key)"
        return whole.utf8.count <= longestPayload ? whole : "\(app)/\(collection):"
    }

    /// The keys of `app`'s `collection` committed from now on, nil first (read what is there).
    func follow(app: String, collection: String) -> AsyncStream<String?> {
        // A follower that lags keeps the newest: each tells it to read again.
        let (stream, continuation) = AsyncStream<String?>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        let listening = state.withLock { state in
            state.followers[id] = Follower(prefix: "\(app)/\(collection):", continuation: continuation)
            if state.listener == nil {
                state.generation += 1
                let generation = state.generation
                state.listener = Task.detached { [self] in await listen(generation) }
            }
            return state.listening
        }
        continuation.onTermination = { [weak self] _ in self?.unfollow(id) }
        // Not listening yet (or again): the nil comes when it does.
        if listening { continuation.yield(nil) }
        return stream
    }

    private func unfollow(_ id: UUID) {
        state.withLock { state in
            state.followers.removeValue(forKey: id)
            guard state.followers.isEmpty else { return }
            // Nobody follows: the connection is not held for nothing.
            state.listener?.cancel()
            state.listener = nil
            state.listening = false
        }
    }

    /// Says that the listener `generation` listens now, or not, when it is the one that runs;
    /// returns whether it is.
    @discardableResult
    private func mark(_ generation: Int, listening: Bool) -> Bool {
        state.withLock { state in
            guard state.generation == generation, state.listener != nil else { return false }
            if listening, !state.listening { state.turns += 1 }
            state.listening = listening
            return true
        }
    }

    /// Tells the followers of what `payload` names (all of them, nil, when it is nil).
    private func tell(_ payload: String?) {
        let followers = state.withLock { Array($0.followers.values) }
        for follower in followers {
            guard let payload else {
                follower.continuation.yield(nil)
                continue
            }
            guard payload.hasPrefix(follower.prefix) else { continue }
            let key = String(payload.dropFirst(follower.prefix.count))
            follower.continuation.yield(key.isEmpty ? nil : key)
        }
    }

    /// Listens until stopped, connecting again (after a pause that grows to two seconds) whenever
    /// the connection is lost.
    private func listen(_ generation: Int) async {
        var pause = 0.05
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: try address.connectionConfiguration(), id: 1, logger: logger)
                do {
                    try await connection.listen(on: Self.channel) { notifications in
                        // Listening now: what changed before is read again.
                        if mark(generation, listening: true) { tell(nil) }
                        pause = 0.05
                        for try await notification in notifications {
                            tell(notification.payload)
                        }
                    }
                } catch {
                    // Lost: connect again below.
                }
                mark(generation, listening: false)
                try? await connection.close()
            } catch {
                // Not reachable now: try again after the pause.
            }
            try? await Task.sleep(for: .seconds(pause))
            pause = min(pause * 2, 2)
        }
    }
}
