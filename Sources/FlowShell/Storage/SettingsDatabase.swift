import FlowShellKit
import Foundation
import GRDB

/// The modules' small settings (the session, say) in one SQLite database in the app's data
/// folder: each module has its own namespace, and each change is committed before it returns.
@MainActor
final class SettingsDatabase {
    private let writer: any DatabaseWriter

    /// Opens (creating if needed) the database at `path`.
    init(path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        writer = try DatabasePool(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: settings") { db in
            try db.create(table: "setting") { table in
                table.column("module", .text).notNull()
                table.column("key", .text).notNull()
                table.column("value", .text).notNull()
                table.primaryKey(["module", "key"])
            }
        }
        try migrator.migrate(writer)
    }

    /// The store of one module.
    func store(forModule module: String) -> any KeyValueStore {
        SettingsStore(writer: writer, module: module)
    }
}

/// One module's settings in the settings database.
@MainActor
final class SettingsStore: KeyValueStore {
    private let writer: any DatabaseWriter
    private let module: String

    init(writer: any DatabaseWriter, module: String) {
        self.writer = writer
        self.module = module
    }

    func value(for key: String) -> String? {
        let module = self.module
        // A value that cannot be read reads as none: the user is asked again (to sign in, say).
        return try? writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE module = ? AND key = ?", arguments: [module, key])
        }
    }

    func setValue(_ value: String?, for key: String) throws {
        let module = self.module
        do {
            try writer.write { db in
                if let value {
                    try db.execute(sql: "INSERT OR REPLACE INTO setting (module, key, value) VALUES (?, ?, ?)", arguments: [module, key, value])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE module = ? AND key = ?", arguments: [module, key])
                }
            }
        } catch {
            throw UserFacingError("cannot save the \(module) settings: \(SystemError.describe(error))")
        }
    }
}
