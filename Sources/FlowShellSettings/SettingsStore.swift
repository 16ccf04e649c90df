import FlowShellKit
import FlowShellRuntime
import GRDB

/// One module's settings in the settings database.
@MainActor
final class SettingsStore: KeyValueStore {
    private let database: SettingsDatabase
    private let module: String

    init(database: SettingsDatabase, module: String) {
        self.database = database
        self.module = module
    }

    func value(for key: String) -> String? {
        let module = self.module
        // A value that cannot be read reads as none (the user is asked again, to sign in, say),
        // and the database says why (``SettingsDatabase/readProblem``).
        return database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE module = ? AND key = ?", arguments: [module, key])
        }
    }

    func setValue(_ value: String?, for key: String) throws {
        let module = self.module
        do {
            guard let writer = try database.database(creating: true) else { return }
            try writer.write { db in
                if let value {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO setting (module, key, value) VALUES (?, ?, ?)", arguments: [module, key, value])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE module = ? AND key = ?", arguments: [module, key])
                }
            }
        } catch {
            let what = module == FlowRuntime.shellSettingsModule ? "the shell's aliases and settings" : "the \(module) settings"
            throw UserFacingError("\(what) cannot be kept in \(database.folder): \(database.reason(for: error))")
        }
    }
}
