import FlowShellRuntime

/// PostgreSQL as the database a terminal is told of (`--database postgres://…`): what a shell's
/// terminal program hands to `FlowShellMain.main(identity:modules:database:)`, so that a person at
/// its prompt sees and changes the records its servers (`serve --database`) keep.
public struct PostgresDriver: DatabaseDriver {
    public init() {}

    public func open(_ address: String) async throws(SharedStoreFailure) -> any SharedRecords {
        guard let store = try await PostgresStore.open(named: address) else {
            throw SharedStoreFailure(
                "error: --database names no database: give postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, or leave it out")
        }
        return store
    }
}
