import FlowShellKit
import Foundation
import GRDB

/// Opens the bookings database on first use, not at start: browsing cars never waits for it,
/// and a database that cannot be opened makes only the booking screens unavailable, with one
/// message saying what happened and what to do. A damaged file is moved aside (kept, renamed
/// with the time) and a new one started; that is said once.
final class BookingDatabaseOpener: @unchecked Sendable {
    // @unchecked: the lock guards every access to `opened` and `notice`.
    private let lock = NSLock()
    private let path: String?
    private var opened: BookingDatabase?
    private var notice: String?

    /// An opener of the database at `path` (nil: in memory).
    init(path: String?) {
        self.path = path
    }

    /// An opener of a database that is open already.
    init(database: BookingDatabase) {
        path = nil
        opened = database
    }

    /// The folder the database file is in (nil: in memory).
    var folder: String? {
        path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }

    /// The database, opened now if it was not; throws a ``UserFacingError`` that says why not.
    func database() throws -> BookingDatabase {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        let database: BookingDatabase
        do {
            database = try BookingDatabase(path: path)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            guard let path else { throw Self.unavailable(error, path: nil) }
            let kept = try moveAside(path)
            do {
                database = try BookingDatabase(path: path)
            } catch {
                throw Self.unavailable(error, path: path)
            }
            notice = "the bookings database was damaged; it is kept as \((kept as NSString).lastPathComponent) and a new one was started"
        } catch {
            throw Self.unavailable(error, path: path)
        }
        opened = database
        return database
    }

    /// What happened to the database that the user should hear of, once.
    /// Whether there may be bookings to read: the database is open, or its file exists. What
    /// only looks (the car list's availability) does not create an empty database.
    var mayHoldBookings: Bool {
        lock.lock()
        defer { lock.unlock() }
        if opened != nil { return true }
        return path.map { FileManager.default.fileExists(atPath: $0) } ?? false
    }

    func takeNotice() -> String? {
        lock.lock()
        defer { lock.unlock() }
        defer { notice = nil }
        return notice
    }

    /// Renames the damaged file (and its journal files) with the time; returns the new name.
    private func moveAside(_ path: String) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let kept = "\(path).damaged-\(formatter.string(from: Date()))"
        do {
            try FileManager.default.moveItem(atPath: path, toPath: kept)
        } catch {
            throw UserFacingError("bookings are unavailable: \(path) is damaged and cannot be moved aside — move it away, or choose another folder with --data-dir")
        }
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.moveItem(atPath: path + suffix, toPath: kept + suffix)
        }
        return kept
    }

    /// One message for a database that cannot be used, in the user's words.
    static func unavailable(_ error: any Error, path: String?) -> UserFacingError {
        let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? "memory"
        let reason: String
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                reason = "the data folder \(folder) cannot be written"
            case .SQLITE_FULL:
                reason = "the disk holding \(folder) is full"
            case .SQLITE_IOERR:
                reason = "the data folder \(folder) cannot be read or written"
            default:
                reason = "the bookings database in \(folder) cannot be used (\(error.message ?? "SQLite error \(error.resultCode.rawValue)"))"
            }
        } else if let error = error as? CocoaError, error.code == .fileWriteNoPermission || error.code == .fileWriteVolumeReadOnly {
            reason = "the data folder \(folder) cannot be written"
        } else if error is CocoaError {
            reason = "the data folder \(folder) cannot be made (is something else in the way?)"
        } else {
            reason = UserFacingError.message(for: error)
        }
        return UserFacingError("bookings are unavailable: \(reason) — choose another folder with --data-dir")
    }
}
