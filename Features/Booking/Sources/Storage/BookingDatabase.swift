import FlowShellSQLite
import GRDB

/// The Provider of bookings: an SQLite database (GRDB), in WAL mode so that several shells can
/// share it, with its schema made by migrations.
struct BookingDatabase: Sendable {
    /// The connection: a pool on a file, or a queue in memory.
    let writer: any DatabaseWriter

    /// Opens (creating if needed) the database at `path`, in a folder that exists, or one in
    /// memory when `path` is nil.
    init(path: String?) throws {
        if let path {
            writer = try DatabasePool.openedAlongsideOtherShells(path: path)
        } else {
            writer = try DatabaseQueue(configuration: DatabasePool.sharedAcrossShells)
        }
        try Self.migrator.migrateAlongsideOtherShells(writer)
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
