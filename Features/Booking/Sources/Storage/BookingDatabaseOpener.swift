import FlowShellKit
import FlowShellSQLite
import Foundation
import GRDB
import Synchronization

/// Opens the bookings database on first use, not at start: browsing cars never waits for it,
/// and a database that cannot be opened makes only the booking screens unavailable, with one
/// message saying what happened and what to do. A damaged file is moved aside (kept, renamed
/// with the time) and a new one started; that is said once.
final class BookingDatabaseOpener: Sendable {
    /// The folder the database file is in (nil: in memory).
    let folder: String?
    /// The database once opened, and what happened to it that the user should hear of.
    private struct State {
        var opened: BookingDatabase?
        var notice: String?
    }

    private let state: Mutex<State>
    /// What reads `PRAGMA data_version` of the file (nil: in memory).
    private let versionReader: DataVersionReader?

    /// The name of the database file in the data folder.
    static let fileName = "bookings.sqlite"

    /// An opener of the database in `folder` (nil: in memory).
    init(folder: String?) {
        self.folder = folder
        state = Mutex(State())
        versionReader = folder.map { DataVersionReader(path: $0 + "/" + Self.fileName) }
    }

    /// An opener of a database that is open already.
    init(database: BookingDatabase) {
        folder = nil
        state = Mutex(State(opened: database))
        versionReader = nil
    }

    /// The database file's path (nil: in memory).
    private var path: String? {
        folder.map { $0 + "/" + Self.fileName }
    }

    /// The database, opened now if it was not; throws a ``UserFacingError`` that says why not.
    func database() throws -> BookingDatabase {
        try state.withLock { state in
            if let opened = state.opened { return opened }
            let database: BookingDatabase
            do {
                if let folder { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                database = try BookingDatabase(path: path)
            } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
                guard let path else { throw BookingStorageFailure.unavailable(error, folder: folder) }
                let kept = try moveAside(path)
                do {
                    database = try BookingDatabase(path: path)
                } catch {
                    throw BookingStorageFailure.unavailable(error, folder: folder)
                }
                state.notice = "the bookings database was damaged; it is kept as \(kept) and a new one was started"
            } catch {
                throw BookingStorageFailure.unavailable(error, folder: folder)
            }
            state.opened = database
            return database
        }
    }

    /// Whether there may be bookings to read: the database is open, or its file exists. What
    /// only looks (the car list's availability) does not create an empty database.
    var mayHoldBookings: Bool {
        state.withLock { state in
            if state.opened != nil { return true }
            return path.map { FileManager.default.fileExists(atPath: $0) } ?? false
        }
    }

    /// What happened to the database that the user should hear of, once.
    func takeNotice() -> String? {
        state.withLock { state in
            defer { state.notice = nil }
            return state.notice
        }
    }

    /// Renames the damaged file (and its journal files) with the time; returns the new name
    /// (without its folder).
    private func moveAside(_ path: String) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let name = "\(Self.fileName).damaged-\(formatter.string(from: Date()))"
        let kept = String(path.dropLast(Self.fileName.count)) + name
        do {
            try FileManager.default.moveItem(atPath: path, toPath: kept)
        } catch {
            throw UserFacingError(
                "bookings are unavailable: \(path) is damaged and cannot be moved aside — move it away, or choose another folder with --data-dir"
            )
        }
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.moveItem(atPath: path + suffix, toPath: kept + suffix)
        }
        versionReader?.reopen()
        return name
    }

    /// SQLite's `PRAGMA data_version`, read on a connection of its own, which nothing is
    /// written on: it moves whenever any connection committed a change (another shell, another
    /// tab of the same server, this shell's own booking). Nil while there is no database file or
    /// it cannot be read.
    func dataVersion() -> Int? {
        versionReader?.version()
    }
}
