import FlowShellKit
import Foundation
import GRDB

/// The bookings in the data folder (``BookingStore``), SQLite: making a booking checks for an
/// overlap and inserts in one immediate transaction, so two shells booking the same car at once
/// cannot both succeed.
struct BookingRepository: BookingStore {
    /// Why a booking was refused.
    enum Refusal: Error, Equatable {
        /// The car is booked for an overlapping time.
        case overlaps(BookingRecord)
        /// No booking has this code.
        case unknown(code: String)
        /// The booking was cancelled already.
        case alreadyCancelled(code: String)
    }

    let opener: BookingDatabaseOpener

    /// The bookings in the database `opener` opens on first use.
    init(opener: BookingDatabaseOpener) {
        self.opener = opener
    }

    /// The bookings in a database that is open already (tests).
    init(database: BookingDatabase) {
        opener = BookingDatabaseOpener(database: database)
    }

    /// Opens the database now if it was not, so that a screen that needs it says at once when
    /// it cannot be used.
    func open() throws {
        _ = try opener.database()
    }

    /// When the bookings changed — another shell on the same data folder booked, or another
    /// tab of the same server — as the kernel reports writes in the database's folder, told
    /// once SQLite's data version moved; nothing for a database in memory.
    func changes() -> DataChanges {
        guard let folder = opener.folder else { return DataChanges.none }
        // The folder is made if it is not there yet, so that the kernel watches it for another
        // shell's first booking, which makes the database (a folder that is not there is
        // looked at once a second until it is).
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return DataChanges(FolderChanges(folder: folder) { [opener] in opener.dataVersion() })
    }

    var mayHoldBookings: Bool {
        opener.mayHoldBookings
    }

    func failure(_ what: BookingStoreTask, _ error: any Error) -> UserFacingError {
        switch what {
        case .keeping(let change): BookingStorageFailure.notKept(change, error, folder: opener.folder)
        case .reading: BookingStorageFailure.unreadable(error, folder: opener.folder)
        }
    }

    /// What happened to the database that the user should hear of, once.
    func takeNotice() -> String? {
        opener.takeNotice()
    }

    /// Books the car for [startsAt, endsAt); the record is on disk when this returns.
    func book(carID: String, carName: String, startsAt: Double, endsAt: Double, total: Int, user: String = "") async throws -> BookingRecord
    {
        try await opener.database().writer.writeWithoutTransaction { db in
            var booked: BookingRecord?
            try db.inTransaction(.immediate) {
                if let clash =
                    try BookingRecord
                    .filter(sql: "carID = ? AND cancelledAt IS NULL AND startsAt < ? AND endsAt > ?", arguments: [carID, endsAt, startsAt])
                    .fetchOne(db)
                {
                    throw Refusal.overlaps(clash)
                }
                let count = try BookingRecord.fetchCount(db)
                let record = BookingRecord(
                    code: "BK-\(1001 + count)", carID: carID, carName: carName,
                    startsAt: startsAt, endsAt: endsAt, total: total, user: user)
                try record.insert(db)
                booked = record
                return .commit
            }
            guard let booked else { throw Refusal.unknown(code: "") }
            return booked
        }
    }

    /// The bookings of `user` (every booking when nil), the latest start first.
    func bookings(of user: String? = nil) async throws -> [BookingRecord] {
        try await opener.database().writer.read { db in
            let mine = user.map { BookingRecord.filter(sql: "user = ?", arguments: [$0]) } ?? BookingRecord.all()
            return try mine.order(sql: "startsAt DESC, code DESC").fetchAll(db)
        }
    }

    /// Cancels the booking with `code` at `time`.
    func cancel(code: String, at time: Double) async throws -> BookingRecord {
        try await opener.database().writer.write { db in
            guard var record = try BookingRecord.filter(sql: "code = ?", arguments: [code]).fetchOne(db) else {
                throw Refusal.unknown(code: code)
            }
            guard record.cancelledAt == nil else { throw Refusal.alreadyCancelled(code: code) }
            record.cancelledAt = time
            try db.execute(sql: "UPDATE booking SET cancelledAt = ? WHERE code = ?", arguments: [time, code])
            return record
        }
    }
}
