import Foundation
import GRDB

/// The Provider of bookings: an SQLite database (GRDB), in WAL mode so that several shells can
/// share it, with its schema made by migrations.
struct BookingDatabase: Sendable {
    /// The connection: a pool on a file, or a queue in memory.
    let writer: any DatabaseWriter

    /// Opens (creating if needed) the database at `path`, in a folder that exists, or one in
    /// memory when `path` is nil.
    init(path: String?) throws {
        var configuration = Configuration()
        // Another shell may be writing: wait for it rather than fail at once.
        configuration.busyMode = .timeout(5)
        if let path {
            writer = try Self.openPool(path: path, configuration: configuration)
        } else {
            writer = try DatabaseQueue(configuration: configuration)
        }
        try Self.migrator.migrateAlongsideOtherShells(writer)
    }

    /// Opens the file, going on when other shells open the new file at the same moment: one of
    /// them may be refused at once while another switches it to WAL (SQLite answers "busy"
    /// without waiting there, to avoid a deadlock), and it tries again a little later.
    private static func openPool(path: String, configuration: Configuration) throws -> DatabasePool {
        var attempt = 0
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 6 {
                attempt += 1
                usleep(UInt32(5_000 << attempt))
            }
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: bookings") { db in
            try db.create(table: "booking") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("code", .text).notNull().unique()
                table.column("carID", .text).notNull().indexed()
                table.column("carName", .text).notNull()
                table.column("startsAt", .double).notNull()
                table.column("endsAt", .double).notNull()
                table.column("total", .integer).notNull()
                table.column("cancelledAt", .double)
            }
        }
        migrator.registerMigration("v2: a booking's user") { db in
            // Bookings made before users were kept belong to nobody in particular.
            try db.alter(table: "booking") { table in
                table.add(column: "user", .text).notNull().defaults(to: "")
            }
            try db.create(index: "booking_user", on: "booking", columns: ["user"])
        }
        return migrator
    }
}
