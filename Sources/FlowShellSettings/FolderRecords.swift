import FlowShellKit
import FlowShellSQLite
import Foundation
import GRDB
import Synchronization

/// An app's records (``RecordStore``) in its data folder, `records.sqlite`: SQLite through GRDB in
/// WAL mode, which the shells and servers of one machine share (the same folder), never several
/// machines (SQLite must not be shared over a network file system). An update is one immediate
/// transaction — SQLite lets one connection write at a time, whatever process holds it — so what
/// it checks still holds when it writes. A change is told as the folder's (nil: read again), once
/// SQLite's data version moved. The file is made when first written: reading finds no records
/// before then, and a shell whose modules keep none makes none.
public final class FolderRecords: RecordStore {
    /// The name of the file in the data folder.
    public static let fileName = "records.sqlite"

    public let place: String
    public let sharedAcrossMachines = false
    private let folder: String
    private let pool = Mutex<DatabasePool?>(nil)
    /// What reads `PRAGMA data_version`, which a change is told by.
    private let versionReader: DataVersionReader

    /// A store of its own on `folder`, with connections of its own, as another process would
    /// have (tests); ``inFolder(_:)`` is this process's one.
    package init(folder: String) {
        self.folder = folder
        place = "the data folder \(folder)"
        versionReader = DataVersionReader(path: folder + "/" + Self.fileName)
    }

    /// The records in `folder`: one store a folder in a process, which every session shares.
    public static func inFolder(_ folder: String) -> FolderRecords {
        opened.withLock { opened in
            if let store = opened[folder] { return store }
            let store = FolderRecords(folder: folder)
            opened[folder] = store
            return store
        }
    }

    private static let opened = Mutex<[String: FolderRecords]>([:])

    private var path: String { folder + "/" + Self.fileName }

    /// The database, opened (and made, when `creating`) now if it was not; nil when there is no
    /// file and it is not to be made.
    private func database(creating: Bool) throws -> DatabasePool? {
        try pool.withLock { pool in
            if let pool { return pool }
            guard creating || FileManager.default.fileExists(atPath: path) else { return nil }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let opened = try DatabasePool.openedAlongsideOtherShells(path: path)
            // IF NOT EXISTS, under SQLite's one writer: shells making the file at once make it once.
            try opened.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE IF NOT EXISTS record (
                            collection TEXT NOT NULL, key TEXT NOT NULL, grp TEXT NOT NULL, value TEXT NOT NULL,
                            PRIMARY KEY (collection, key));
                        CREATE INDEX IF NOT EXISTS record_group ON record (collection, grp);
                        """)
            }
            pool = opened
            return opened
        }
    }

    public func records(in collection: String) async throws -> [StoredRecord] {
        do {
            guard let pool = try database(creating: false) else { return [] }
            return try await pool.read { db in
                try Row.fetchAll(db, sql: "SELECT key, grp, value FROM record WHERE collection = ? ORDER BY key", arguments: [collection])
                    .map { StoredRecord(key: $0["key"], group: $0["grp"], value: $0["value"]) }
            }
        } catch {
            throw UserFacingError("cannot read the \(collection): \(reason(for: error))")
        }
    }

    /// What an update's own code threw: thrown on as it is, past the store's words.
    private struct Refused: Error {
        let error: any Error
    }

    public func update<Result: Sendable>(
        in collection: String, group: String, _ change: @escaping @Sendable (inout RecordUpdate) throws -> Result
    ) async throws -> Result {
        do {
            guard let pool = try database(creating: true) else { throw CocoaError(.fileNoSuchFile) }
            return try await pool.writeWithoutTransaction { db in
                var result: Result?
                try db.inTransaction(.immediate) {
                    let records = try Row.fetchAll(
                        db, sql: "SELECT key, value FROM record WHERE collection = ? AND grp = ? ORDER BY key",
                        arguments: [collection, group]
                    ).map { StoredRecord(key: $0["key"], group: group, value: $0["value"]) }
                    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM record WHERE collection = ?", arguments: [collection]) ?? 0
                    var update = RecordUpdate(group: group, records: records, count: count)
                    do {
                        result = try change(&update)
                    } catch {
                        throw Refused(error: error)
                    }
                    for record in update.written {
                        try db.execute(
                            sql: """
                                INSERT INTO record (collection, key, grp, value) VALUES (?, ?, ?, ?)
                                ON CONFLICT (collection, key) DO UPDATE SET grp = excluded.grp, value = excluded.value
                                """, arguments: [collection, record.key, group, record.value])
                    }
                    return .commit
                }
                guard let result else { throw CocoaError(.coderInvalidValue) }
                return result
            }
        } catch let refused as Refused {
            throw refused.error
        } catch {
            throw UserFacingError("cannot keep the change to the \(collection): \(reason(for: error))")
        }
    }

    public func changes(of collection: String) -> DataChanges {
        // The folder is made if it is not there yet, so that the kernel watches it for another
        // shell's first write, which makes the file.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return DataChanges(FolderChanges(folder: folder) { [weak self] in self?.versionReader.version() })
    }

    /// Why `error` happened, in words: which folder, and what to do — never SQL.
    private func reason(for error: any Error) -> String {
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_READONLY?, .SQLITE_CANTOPEN?, .SQLITE_PERM?, .SQLITE_AUTH?:
            return "the data folder \(folder) cannot be written — choose another folder with --data-dir"
        case .SQLITE_FULL?:
            return "the disk holding \(folder) is full — free some space on it, or choose another folder with --data-dir"
        case .SQLITE_BUSY?, .SQLITE_LOCKED?:
            return "another program has held \(Self.fileName) in \(folder) for too long — try again"
        case .some:
            return "\(Self.fileName) in the data folder \(folder) cannot be used — move it away, or choose another folder with --data-dir"
        case nil:
            return
                "the data folder \(folder) cannot be used (\(UserFacingError.message(for: error))) — choose another folder with --data-dir"
        }
    }
}
