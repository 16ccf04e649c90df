import GRDB

extension DatabaseMigrator {
    /// Migrates a database that other shells may be migrating at the same moment (two shells
    /// started together on a new data folder). GRDB reads which migrations are applied before it
    /// takes the write lock, so of two shells racing on a new file one fails with the other's
    /// change ("table already exists", "duplicate column name"); that one then finds the
    /// migrations applied and goes on, or, if the other was still part-way, tries again.
    func migrateAlongsideOtherShells(_ writer: any DatabaseWriter) throws {
        var attempt = 1
        while true {
            do {
                return try migrate(writer)
            } catch {
                if try writer.read({ try hasCompletedMigrations($0) }) { return }
                guard attempt < 3 else { throw error }
                attempt += 1
            }
        }
    }
}
