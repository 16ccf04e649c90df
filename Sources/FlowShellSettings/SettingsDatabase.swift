import FlowShellKit
import FlowShellRuntime
import FlowShellSQLite
import Foundation
import GRDB

/// The modules' small settings (the session, say) in one SQLite database in the app's data
/// folder: each module has its own namespace, and each change is committed before it returns.
/// The file is opened when a setting is first read (a missing file reads as empty, without being
/// made) or written, so that a start which changes nothing touches no database. Several programs
/// (two terminals, a terminal and `flowshell serve`) may share the file: each read asks it.
@MainActor
public final class SettingsDatabase: SettingsStorage {
    private let path: String
    private var writer: (any DatabaseWriter)?
    /// Why the settings could not be read when last asked, in the user's words.
    public private(set) var readProblem: String?

    /// The settings at `path`; nothing is opened yet.
    init(path: String) {
        self.path = path
    }

    /// The database, opened (and made, when `creating`) now if it was not; nil when it does
    /// not exist and is not to be made.
    func database(creating: Bool) throws -> (any DatabaseWriter)? {
        if let writer { return writer }
        guard creating || FileManager.default.fileExists(atPath: path) else { return nil }
        try FileManager.default.createDirectory(atPath: FilePathParts.folder(of: path), withIntermediateDirectories: true)
        let pool = try DatabasePool.openedAlongsideOtherShells(path: path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: settings") { db in
            try db.create(table: "setting") { table in
                table.column("module", .text).notNull()
                table.column("key", .text).notNull()
                table.column("value", .text).notNull()
                table.primaryKey(["module", "key"])
            }
        }
        do {
            try migrator.migrate(pool)
        } catch {
            // Another shell made the table at the same moment (GRDB reads which migrations are
            // applied before it takes the write lock): the loser finds it made, and goes on.
            guard try pool.read({ try migrator.hasCompletedMigrations($0) }) else { throw error }
        }
        writer = pool
        return pool
    }

    /// What stands in the way of keeping settings in `folder`, in words, when something does
    /// (a file where the folder should be); checked at start without opening anything.
    public static func problem(inFolder folder: String) -> String? {
        // The nearest part of the path that exists must be a folder.
        for path in FilePathParts.selfAndAncestors(of: folder) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            return isFolder.boolValue ? nil : "'\(FilePathParts.name(of: path))' is a file, not a folder"
        }
        return nil
    }

    /// The settings in `settings.sqlite` in `folder`, or an error saying what stands in the way
    /// (nothing is opened yet): what ``FlowRuntime`` is given to open them with.
    public static func open(inFolder folder: String) throws -> any SettingsStorage {
        if let problem = problem(inFolder: folder) { throw UserFacingError(problem) }
        return SettingsDatabase(path: folder + "/settings.sqlite")
    }

    /// Reads the settings with `fetch`: nil when they are not there, or cannot be read (then
    /// ``readProblem`` says why). On a read-only disk, where SQLite cannot open a database kept
    /// in WAL mode for reading as usual (it would make its shared-memory file), the file is read
    /// as it is, as SQLite reads an immutable file.
    func read<Value>(_ fetch: (Database) throws -> Value?) -> Value? {
        do {
            guard let reader = try database(creating: false) else { return nil }
            let value = try reader.read(fetch)
            readProblem = nil
            return value
        } catch {
            do {
                let value = try readImmutable(fetch)
                readProblem = nil
                return value
            } catch {}
            readProblem = "the settings in \(folder) cannot be read: \(reason(for: error))"
            return nil
        }
    }

    /// Reads the file as an immutable one (no lock, journal or shared memory), on a connection
    /// of its own; throws when it cannot (a damaged file, or a SQLite without URI names).
    private func readImmutable<Value>(_ fetch: (Database) throws -> Value?) throws -> Value? {
        var configuration = Configuration()
        configuration.readonly = true
        // A URI name (SQLite takes them when built with SQLITE_USE_URI, as Debian's is); a SQLite
        // without them finds no file of that name, and the read fails.
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        let queue = try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
        return try queue.read(fetch)
    }

    /// The folder the settings are kept in.
    var folder: String {
        FilePathParts.folder(of: path)
    }

    /// Why the settings could not be read or written, in the user's words: never SQLite's
    /// codes or SQL.
    func reason(for error: any Error) -> String {
        guard let error = error as? DatabaseError else { return SystemError.describe(error) }
        switch error.resultCode {
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            var disk = statvfs()
            if statvfs(folder, &disk) == 0, disk.f_flag & UInt(ST_RDONLY) != 0 { return "the disk is read-only" }
            return "the folder cannot be written"
        case .SQLITE_FULL, .SQLITE_IOERR:
            // A full disk may fail a write before SQLite can tell why.
            var space = statvfs()
            if error.resultCode == .SQLITE_FULL || (statvfs(folder, &space) == 0 && space.f_bavail == 0) { return "the disk is full" }
            return "the folder cannot be read or written"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return "another program has held the settings for too long"
        default:
            return "the settings database cannot be used"
        }
    }

    /// The store of one module.
    public func store(forModule module: String) -> any KeyValueStore {
        SettingsStore(database: self, module: module)
    }
}
