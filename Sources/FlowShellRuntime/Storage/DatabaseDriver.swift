/// What opens the database a person names with `--database URL` or `FLOWSHELL_DATABASE`. The
/// program that links a database's client hands one to its terminal
/// (`FlowShellMain.main(identity:modules:database:)`), so that the terminal's library depends on
/// no database and a program built without one still runs on its data folder.
public protocol DatabaseDriver: Sendable {
    /// The database at `address`, as a person typed it, opened (its tables made when missing). A
    /// wrong address, or a server that cannot be reached or refuses, is thrown in the user's words.
    func open(_ address: String) async throws(SharedStoreFailure) -> any SharedRecords
}
