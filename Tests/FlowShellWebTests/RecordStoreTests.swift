import FlowShellKit
import FlowShellPostgres
import FlowShellRuntime
import FlowShellSettings
import FlowShellTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

/// What every ``RecordStore`` does, on each: ``MemoryRecordStore`` (a test's), the data folder's
/// (``FolderRecords``, one machine) and the records servers share in PostgreSQL (`--database`; a
/// server of its own). Each "server" opens the store
/// anew on the same place: what one writes the other reads, an update that throws writes nothing,
/// writers racing for one group take turns (one of many sees the slot free), a count numbers keys
/// with no twin, followers are told each key, and apps are apart.
@Suite(.serialized) struct RecordStoreTests {
    /// A slot of a group, taken by whoever found it free.
    private struct Taken: Codable, Equatable {
        var slot: Int
        var by: String
    }

    private struct SlotTaken: Error {}

    /// Takes `slot` in `group` unless a record of the group holds it already; the key is numbered
    /// by the collection's count.
    private static func take(_ slot: Int, in group: String, by who: String, on store: any RecordStore) async throws -> String {
        try await store.update(in: "slots", group: group) { update in
            if try update.records.contains(where: { try $0.decoded(as: Taken.self).slot == slot }) { throw SlotTaken() }
            let key = "S-\(1001 + update.count)"
            try update.put(Taken(slot: slot, by: who), key: key)
            return key
        }
    }

    /// The checks, given how to open `app`'s store as one more server would; a store that
    /// `tellsKeys` names each key written, another says only that something changed (nil).
    private func contract(tellsKeys: Bool = true, open: @Sendable (_ app: String) async throws -> any RecordStore) async throws {
        let first = try await open("carsharing")
        let second = try await open("carsharing")
        #expect(try await first.records(in: "slots").isEmpty)

        // Followed before anything is written: told at once to read, then each key written.
        var told = second.changes(of: "slots").makeAsyncIterator()
        #expect(await told.next() == .some(nil))

        let key = try await Self.take(1, in: "rio", by: "first", on: first)
        #expect(key == "S-1001")
        #expect(await told.next() == .some(tellsKeys ? "S-1001" : nil))
        #expect(
            try await second.records(in: "slots") == [try StoredRecord(key: "S-1001", group: "rio", encoding: Taken(slot: 1, by: "first"))])

        // A refused update writes nothing and throws its own error.
        await #expect(throws: SlotTaken.self) { _ = try await Self.take(1, in: "rio", by: "second", on: second) }
        #expect(try await first.records(in: "slots").count == 1)

        // Many writers on two servers race for each slot of one group: one takes it, with a key of its own.
        for slot in 2...6 {
            let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<16 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask {
                        do {
                            _ = try await Self.take(slot, in: "rio", by: "writer \(index)", on: store)
                            return true
                        } catch is SlotTaken {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(winners == 1, "slot \(slot): one of sixteen writers takes it")
        }
        let all = try await second.records(in: "slots")
        #expect(all.count == 6)
        #expect(Set(all.map(\.key)) == Set((1001...1006).map { "S-\($0)" }))

        // Another app's records are apart.
        #expect(try await open("library").records(in: "slots").isEmpty)
    }

    @Test func memoryKeepsTheContract() async throws {
        let stores = MemoryStores()
        try await contract { app in await stores.store(for: app) }
    }

    @Test func theDataFolderKeepsTheContractForOneMachine() async throws {
        // What the runtime installs as a flow starts: the process's watch of folders.
        FolderChanges.install(FolderWatcher.shared)
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await contract(tellsKeys: false) { app in FolderRecords(folder: folder.appendingPathComponent(app).path) }
    }

    @Test func postgresKeepsTheContractForEveryServer() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            try await contract { app in try await PostgresStore.open(address).records(app: app) }
        }
    }

    /// When the server stops, a change is refused in words (where, what failed, what to do); when
    /// it starts again, the listener's connection was lost: once it listens again, its followers
    /// are told to read everything (what was written meanwhile was told to nobody), and keys again
    /// after that.
    @Test func followersReadAgainOnceTheListenerIsBack() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            let follower = try await PostgresStore.open(address).records(app: "carsharing")
            var told = follower.changes(of: "slots").makeAsyncIterator()
            #expect(await told.next() == .some(nil))
            #expect(try await follower.records(in: "slots").isEmpty)
            try await server.pause()
            // The pool would try to connect for about a minute: the change is given up when it
            // has no connection within the store's bound, before any of it ran.
            do {
                _ = try await Self.take(1, in: "rio", by: "nobody", on: follower)
                Issue.record("a change is kept while the server is stopped")
            } catch {
                let said = UserFacingError.message(for: error)
                #expect(
                    said == "cannot keep the change to the slots: PostgreSQL at 127.0.0.1:\(server.port)/postgres gave no answer "
                        + "within 3 seconds, so nothing was done — is PostgreSQL running there? Try again in a moment",
                    "\(said)")
            }
            try await server.start()
            #expect(await told.next() == .some(nil))
            // A store of its own: the first one's pool comes back after a back-off of its own.
            let writer = try await PostgresStore.open(address).records(app: "carsharing")
            _ = try await Self.take(1, in: "rio", by: "writer", on: writer)
            #expect(await told.next() == .some("S-1001"))
        }
    }

    /// The listener holds its connection while anyone follows: the last follower gone, it lets
    /// it go; the next follower has it listen again, and is told as the first was.
    @Test func theListenerListensWhileAnyoneFollows() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            let store = try await PostgresStore.open(address).records(app: "carsharing")
            let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
            let watcher = try await PostgresConnection.connect(
                configuration: .init(
                    host: "127.0.0.1", port: server.port, username: "flowshell", password: nil, database: "postgres", tls: .disable),
                id: 9, logger: logger)
            defer { Task { try? await watcher.close() } }
            // The server's own count of connections whose last statement was a LISTEN.
            func listening() async throws -> Int {
                let rows = try await watcher.query("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'", logger: logger)
                for try await count in rows.decode(Int.self) { return count }
                return -1
            }
            do {
                var first = store.changes(of: "slots").makeAsyncIterator()
                #expect(await first.next() == .some(nil))
                #expect(try await listening() == 1)
            }
            // Told as the connection closes: a bound of liveness only.
            let bound = ContinuousClock.now + .seconds(120)
            while try await listening() > 0, ContinuousClock.now < bound {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await listening() == 0)
            var again = store.changes(of: "slots").makeAsyncIterator()
            #expect(await again.next() == .some(nil))
            _ = try await Self.take(1, in: "rio", by: "writer", on: store)
            #expect(await again.next() == .some("S-1001"))
        }
    }
}

/// One memory store an app, which every "server" of the test opens.
private actor MemoryStores {
    private var stores: [String: MemoryRecordStore] = [:]

    func store(for app: String) -> MemoryRecordStore {
        if let store = stores[app] { return store }
        let store = MemoryRecordStore()
        stores[app] = store
        return store
    }
}
