import FlowShellKit
import Foundation
import GRDB

/// The bookings database's failures in the user's words: which folder, what could not be done
/// and what to do about it — never SQLite's codes, its messages about tables, or SQL.
enum BookingStorageFailure {
    /// The database cannot be opened: the booking screens are unavailable.
    static func unavailable(_ error: any Error, folder: String?) -> UserFacingError {
        UserFacingError("bookings are unavailable: \(reason(for: error, folder: folder)) — \(remedy(for: error, folder: folder))")
    }

    /// A change (`what`: "the booking", "the cancellation") could not be kept.
    static func notKept(_ what: String, _ error: any Error, folder: String?) -> UserFacingError {
        UserFacingError("cannot keep \(what): \(reason(for: error, folder: folder)) — \(remedy(for: error, folder: folder))")
    }

    /// The bookings could not be read.
    static func unreadable(_ error: any Error, folder: String?) -> UserFacingError {
        UserFacingError("cannot read the bookings: \(reason(for: error, folder: folder)) — \(remedy(for: error, folder: folder))")
    }

    private static func reason(for error: any Error, folder: String?) -> String {
        let folder = folder ?? "memory"
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                return "the data folder \(folder) cannot be written"
            case .SQLITE_FULL:
                return "the disk holding \(folder) is full"
            case .SQLITE_IOERR:
                // A full disk may fail a write before SQLite can tell why.
                return isFull(folder) ? "the disk holding \(folder) is full" : "the data folder \(folder) cannot be read or written"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return "another program has held the bookings database in \(folder) for too long"
            default:
                return "the bookings database in \(folder) cannot be used"
            }
        }
        if let error = error as? CocoaError {
            switch error.code {
            case .fileWriteNoPermission, .fileWriteVolumeReadOnly:
                return "the data folder \(folder) cannot be written"
            case .fileWriteOutOfSpace:
                return "the disk holding \(folder) is full"
            default:
                return "the data folder \(folder) cannot be made (is something else in the way?)"
            }
        }
        return UserFacingError.message(for: error)
    }

    /// Whether the disk holding `folder` has no space left.
    private static func isFull(_ folder: String) -> Bool {
        var space = statvfs()
        return statvfs(folder, &space) == 0 && space.f_bavail == 0
    }

    private static func remedy(for error: any Error, folder: String?) -> String {
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_FULL?:
            return "free some space on it, or choose another folder with --data-dir"
        case .SQLITE_IOERR? where folder.map(isFull) == true:
            return "free some space on it, or choose another folder with --data-dir"
        case .SQLITE_BUSY?, .SQLITE_LOCKED?:
            return "try again"
        default:
            return (error as? CocoaError)?.code == .fileWriteOutOfSpace
                ? "free some space on it, or choose another folder with --data-dir"
                : "choose another folder with --data-dir"
        }
    }
}
