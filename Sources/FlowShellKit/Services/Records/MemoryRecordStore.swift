import Foundation
import Synchronization

/// A ``RecordStore`` in memory, for tests: the same rules as a database's (one writer of a
/// collection at a time, nothing written when an update throws), changes told to those who follow.
public final class MemoryRecordStore: RecordStore {
    private struct State {
        var collections: [String: [StoredRecord]] = [:]
        var followers: [UUID: (collection: String, continuation: AsyncStream<String?>.Continuation)] = [:]
    }

    private let state = Mutex(State())

    public let place = "memory"
    public let sharedAcrossMachines = false

    /// An empty store.
    public init() {}

    public func records(in collection: String) async throws -> [StoredRecord] {
        state.withLock { $0.collections[collection] ?? [] }
    }

    public func update<Result: Sendable>(
        in collection: String, group: String, _ change: @escaping @Sendable (inout RecordUpdate) throws -> Result
    ) async throws -> Result {
        let (result, written, followers) = try state.withLock { state in
            let all = state.collections[collection] ?? []
            var update = RecordUpdate(group: group, records: all.filter { $0.group == group }, count: all.count)
            let result = try change(&update)
            var kept = all
            for record in update.written {
                if let index = kept.firstIndex(where: { $0.key == record.key }) {
                    kept[index] = record
                } else {
                    kept.append(record)
                }
            }
            state.collections[collection] = kept
            return (result, update.written, state.followers.values.filter { $0.collection == collection }.map(\.continuation))
        }
        for record in written {
            for follower in followers { follower.yield(record.key) }
        }
        return result
    }

    public func changes(of collection: String) -> DataChanges {
        DataChanges { [self] in
            let (stream, continuation) = AsyncStream<String?>.makeStream()
            let id = UUID()
            state.withLock { $0.followers[id] = (collection, continuation) }
            continuation.onTermination = { [weak self] _ in self?.unfollow(id) }
            continuation.yield(nil)
            return stream
        }
    }

    private func unfollow(_ id: UUID) {
        _ = state.withLock { $0.followers.removeValue(forKey: id) }
    }
}
