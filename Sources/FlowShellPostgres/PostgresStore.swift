import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import Logging
import PostgresNIO
import Synchronization

/// What the servers of a flow share, kept in PostgreSQL (`--database postgres://…`): every
/// server started with the same address resumes any session and holds the same secrets. Its
/// tables are made on first start (``open(_:)``), under a lock, so that nodes starting together
/// do not race to make them.
public final class PostgresStore: SharedStore {
    public let address: DatabaseAddress
    private let client: PostgresClient
    /// This server's one listener of changed records, which every app's records share.
    private let listener: PostgresRecordListener
    /// The bound on a request's wait for a connection, and the notices of the server's absence.
    private let availability: PostgresAvailability
    /// Each app's records, made when first asked.
    private let records = Mutex<[String: PostgresRecords]>([:])
    /// Each app's modules' settings, made when first asked.
    private let settings = Mutex<[String: PostgresSettings]>([:])
    private let logger = Logger(label: "flowshell-postgres") { _ in SwiftLogNoOpLogHandler() }

    public var place: String { address.place }

    private init(address: DatabaseAddress, client: PostgresClient, report: @escaping @Sendable (String) -> Void) {
        self.address = address
        self.client = client
        listener = PostgresRecordListener(address: address)
        availability = PostgresAvailability(address: address, report: report)
    }

    /// The tables this store needs, made when missing.
    static let migrations: [PostgresQuery] = [
        """
        CREATE TABLE IF NOT EXISTS flowshell_session_states (
            kind text NOT NULL, id text NOT NULL, state text NOT NULL, used timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kind, id))
        """,
        "CREATE TABLE IF NOT EXISTS flowshell_secrets (name text PRIMARY KEY, value text NOT NULL)",
        // The modules' records: a collection's row is the lock its writers take in turn.
        "CREATE TABLE IF NOT EXISTS flowshell_collections (app text NOT NULL, name text NOT NULL, PRIMARY KEY (app, name))",
        """
        CREATE TABLE IF NOT EXISTS flowshell_records (
            app text NOT NULL, collection text NOT NULL, key text NOT NULL, grp text NOT NULL, value text NOT NULL,
            PRIMARY KEY (app, collection, key))
        """,
        "CREATE INDEX IF NOT EXISTS flowshell_records_group ON flowshell_records (app, collection, grp)",
        // The modules' settings (the signed-in account), one namespace per module.
        """
        CREATE TABLE IF NOT EXISTS flowshell_settings (
            app text NOT NULL, module text NOT NULL, key text NOT NULL, value text NOT NULL,
            PRIMARY KEY (app, module, key))
        """,
    ]

    /// Connects to `address`, makes the tables that are missing, and starts the pool every
    /// session's queries use. A server that cannot be reached, or refuses, is said in words.
    /// `report` is told, once each time, when the server goes away later and when it is back.
    public static func open(
        _ address: DatabaseAddress, report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(SharedStoreFailure) -> PostgresStore {
        let logger = Logger(label: "flowshell-postgres") { _ in SwiftLogNoOpLogHandler() }
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try address.connectionConfiguration(), id: 0, logger: logger)
            do {
                try await connection.withTransaction(logger: logger) { connection in
                    // One start at a time makes the tables: CREATE … IF NOT EXISTS races another's.
                    try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
                    for migration in migrations {
                        try await connection.query(migration, logger: logger)
                    }
                }
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
            let client = PostgresClient(configuration: try address.clientConfiguration(), backgroundLogger: logger)
            // The pool runs for the process's life: the servers that use it stop with the process.
            Task.detached { await client.run() }
            return PostgresStore(address: address, client: client, report: report)
        } catch {
            throw SharedStoreFailure("error: " + PostgresProblem.describe(error, at: address.place))
        }
    }

    /// The store at `address` as a person typed it (`--database`, `FLOWSHELL_DATABASE`), opened;
    /// nil when none is named (empty or absent: the data folder). A wrong address, or a server
    /// that cannot be reached or refuses, is said in words.
    public static func open(
        named address: String?, report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(SharedStoreFailure) -> PostgresStore? {
        guard let address, !address.isEmpty else { return nil }
        let parsed: DatabaseAddress
        do {
            parsed = try DatabaseAddress(parsing: address)
        } catch {
            throw SharedStoreFailure("error: \(error.description)")
        }
        return try await open(parsed, report: report)
    }

    /// A secret's name as a person reads it: `ssh-host-key` is the SSH host key.
    private static func words(for name: String) -> String {
        name.replacing("ssh-", with: "SSH ").replacing("-", with: " ")
    }

    /// The advisory lock the tables are made under (any number, the same for every FlowShell).
    static let migrationLock: Int64 = 0x466C_6F77_5368_656C

    public func sessionStates(app: String, kind: String) -> any SessionStateStore {
        PostgresSessionStates(client: client, availability: availability, kind: app + "/" + kind)
    }

    public func records(app: String) -> any RecordStore {
        records.withLock { records in
            if let made = records[app] { return made }
            let made = PostgresRecords(app: app, client: client, availability: availability, listener: listener)
            records[app] = made
            return made
        }
    }

    @MainActor
    public func settings(app: String) -> (any SharedSettingsStorage)? {
        settings.withLock { settings in
            if let made = settings[app] { return made }
            let made = PostgresSettings(app: app, client: client, availability: availability, listener: listener)
            settings[app] = made
            return made
        }
    }

    public func secret(
        app: String, named name: String, renew: Bool, make: @Sendable () -> String
    ) async throws(SharedStoreFailure)
        -> String
    {
        let key = app + "/" + name
        let made = make()
        let kept: String?
        do {
            // Through the same bound as every other request: a server that does not answer at
            // start is said after at most that wait, in the same words, not after the pool's
            // minute of retries.
            kept = try await availability.withConnection(client) { [logger] connection in
                if renew {
                    try await connection.query(
                        "INSERT INTO flowshell_secrets (name, value) VALUES (\(key), \(made)) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
                        logger: logger)
                } else {
                    try await connection.query(
                        "INSERT INTO flowshell_secrets (name, value) VALUES (\(key), \(made)) ON CONFLICT (name) DO NOTHING", logger: logger
                    )
                }
                for try await value in try await connection.query("SELECT value FROM flowshell_secrets WHERE name = \(key)", logger: logger)
                    .decode(String.self)
                {
                    return value
                }
                return nil
            }
        } catch {
            throw SharedStoreFailure(
                "error: cannot keep the \(Self.words(for: name)) in \(place): " + PostgresProblem.describe(error, at: nil))
        }
        guard let kept else {
            throw SharedStoreFailure("error: the \(Self.words(for: name)) kept in \(place) was removed as it was read; start again")
        }
        return kept
    }
}
