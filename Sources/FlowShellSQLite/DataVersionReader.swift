import Foundation
import GRDB
import Synchronization

/// Reads SQLite's `PRAGMA data_version` of the file at a path, on a read-only connection of its
/// own that nothing is written on: the version moves whenever any other connection committed
/// a change (another shell, another tab of the same server, another session's write here) —
/// what tells a `FolderChanges` follower that the data changed.
package final class DataVersionReader: Sendable {
    private let path: String
    /// The connection, opened when first asked once the file exists.
    private let connection = Mutex<DatabaseQueue?>(nil)

    /// A reader of the database file at `path`; nothing is opened yet.
    package init(path: String) {
        self.path = path
    }

    /// The data version now; nil while there is no file or it cannot be read.
    package func version() -> Int? {
        connection.withLock { connection in
            if connection == nil {
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                var configuration = Configuration()
                configuration.readonly = true
                connection = try? DatabaseQueue(path: path, configuration: configuration)
            }
            return try? connection?.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        }
    }

    /// Closes the connection, for a file that was moved away: the next read opens the new one.
    package func reopen() {
        connection.withLock { $0 = nil }
    }
}
