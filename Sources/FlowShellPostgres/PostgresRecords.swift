import FlowShellKit
import Logging
import PostgresNIO

/// An app's records (``RecordStore``) in PostgreSQL, which every server of the flow reads and
/// writes. An update is one transaction that first locks its collection's row (`SELECT … FOR
/// UPDATE`): the writers of a collection take turns on every server, so what an update checks
/// (the car is free) still holds when it writes, and a count numbers a new key with no twin.
/// Each key written is told with `NOTIFY` in the same transaction — sent only if it commits —
/// to every server's ``PostgresRecordListener``.
final class PostgresRecords: RecordStore {
    let place: String
    let sharedAcrossMachines = true
    private let app: String
    private let client: PostgresClient
    /// Each request's bound on waiting for a connection, and the notices of the server's absence.
    private let availability: PostgresAvailability
    private let listener: PostgresRecordListener
    private let logger = Logger(label: "flowshell-postgres") { _ in SwiftLogNoOpLogHandler() }

    init(app: String, client: PostgresClient, availability: PostgresAvailability, listener: PostgresRecordListener) {
        self.app = app
        self.client = client
        self.availability = availability
        self.listener = listener
        self.place = availability.place
    }

    func records(in collection: String) async throws -> [StoredRecord] {
        do {
            return try await availability.withConnection(client) { [app, logger] connection in
                let rows = try await connection.query(
                    "SELECT key, grp, value FROM flowshell_records WHERE app = \(app) AND collection = \(collection) ORDER BY key",
                    logger: logger)
                var records: [StoredRecord] = []
                for try await (key, group, value) in rows.decode((String, String, String).self) {
                    records.append(StoredRecord(key: key, group: group, value: value))
                }
                return records
            }
        } catch {
            throw UserFacingError("cannot read the \(collection): " + PostgresProblem.describe(error, at: place))
        }
    }

    /// What an update's own code threw: thrown on as it is, past the store's words.
    private struct Refused: Error {
        let error: any Error
    }

    func update<Result: Sendable>(
        in collection: String, group: String, _ change: @escaping @Sendable (inout RecordUpdate) throws -> Result
    ) async throws -> Result {
        do {
            return try await availability.withConnection(client) { [self] connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    let result = try await update(in: collection, group: group, on: connection, change)
                    try await connection.query("COMMIT", logger: logger)
                    return result
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch let refused as Refused {
            throw refused.error
        } catch {
            throw UserFacingError("cannot keep the change to the \(collection): " + PostgresProblem.describe(error, at: place))
        }
    }

    /// The update's statements, inside its transaction on `connection`.
    private func update<Result: Sendable>(
        in collection: String, group: String, on connection: PostgresConnection,
        _ change: @Sendable (inout RecordUpdate) throws -> Result
    ) async throws -> Result {
        // The collection's row, made once, is the lock every writer of the collection takes.
        try await connection.query(
            "INSERT INTO flowshell_collections (app, name) VALUES (\(app), \(collection)) ON CONFLICT DO NOTHING", logger: logger)
        try await connection.query(
            "SELECT name FROM flowshell_collections WHERE app = \(app) AND name = \(collection) FOR UPDATE", logger: logger)
        var records: [StoredRecord] = []
        let rows = try await connection.query(
            "SELECT key, value FROM flowshell_records WHERE app = \(app) AND collection = \(collection) AND grp = \(group) ORDER BY key",
            logger: logger)
        for try await (key, value) in rows.decode((String, String).self) {
            records.append(StoredRecord(key: key, group: group, value: value))
        }
        var count = 0
        for try await total in try await connection.query(
            "SELECT count(*) FROM flowshell_records WHERE app = \(app) AND collection = \(collection)", logger: logger
        ).decode(Int.self) {
            count = total
        }
        var update = RecordUpdate(group: group, records: records, count: count)
        let result: Result
        do {
            result = try change(&update)
        } catch {
            throw Refused(error: error)
        }
        for record in update.written {
            try await connection.query(
                """
                INSERT INTO flowshell_records (app, collection, key, grp, value) VALUES (\(app), \(collection), \(record.key), \(group), \(record.value))
                ON CONFLICT (app, collection, key) DO UPDATE SET grp = EXCLUDED.grp, value = EXCLUDED.value
                """, logger: logger)
            let notice = PostgresRecordListener.payload(app: app, collection: collection, key: record.key)
            try await connection.query("SELECT pg_notify(\(PostgresRecordListener.channel), \(notice))", logger: logger)
        }
        return result
    }

    func changes(of collection: String) -> DataChanges {
        DataChanges { [listener, app] in listener.follow(app: app, collection: collection) }
    }
}
