import Foundation
import GRDB

extension DatabasePool {
    /// How a database that other shells use at the same moment is configured: a connection
    /// waits for another shell's write (up to 5 s) rather than fail at once.
    package static var sharedAcrossShells: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return configuration
    }

    /// Opens (making it if needed) the SQLite file at `path`, in a folder that exists, in WAL
    /// mode, going on when other shells open the new file at the same moment: one of them may
    /// be refused at once while another switches it to WAL (SQLite answers "busy" there without
    /// waiting, to avoid a deadlock), and it tries again a little later.
    package static func openedAlongsideOtherShells(
        path: String, configuration: Configuration = sharedAcrossShells
    ) throws -> DatabasePool {
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
}
