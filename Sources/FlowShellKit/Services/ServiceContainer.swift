/// The app's services, created once by the composition root and handed to features through
/// their ``ScreenContext``: repositories, aggregators, clients. Looked up by type; tests
/// register their own.
///
/// A server's sessions share one container, and each session sees it through one of its own
/// (``init(over:)``), which holds what is that session's alone — who connected
/// (``ConnectedUser``) — and looks up the rest in the shared one.
@MainActor
public final class ServiceContainer {
    private var services: [ObjectIdentifier: Any] = [:]
    /// The container this one's lookups fall back on: the services a session shares.
    public let shared: ServiceContainer?

    /// An empty container, which modules' service set-ups (or a test) fill.
    public init() {
        shared = nil
    }

    /// A session's container: what is registered in it is the session's, and what is not is
    /// looked up in `shared`.
    public init(over shared: ServiceContainer) {
        self.shared = shared
    }

    /// Registers `service` under `type` (by default its own type), replacing any before it.
    public func register<Service>(_ service: Service, as type: Service.Type = Service.self) {
        services[ObjectIdentifier(type)] = service
    }

    /// Whether a service of `type` is registered.
    public func contains<Service>(_ type: Service.Type) -> Bool {
        services[ObjectIdentifier(type)] != nil || shared?.contains(type) == true
    }

    /// The service registered under `type`, or an error naming it.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        // Cast only what was found: a cast of nothing to a constrained existential
        // (`any Clock<Duration>`) still checks its requirements at run time.
        if let found = services[ObjectIdentifier(type)], let service = found as? Service { return service }
        if let shared { return try shared.resolve(type) }
        throw UserFacingError("no \(type) service was set up: the module that provides it is not loaded")
    }

    /// Who connected to this session, when its front end knows (nil at the terminal).
    public var connectedUser: ConnectedUser? {
        try? resolve(ConnectedUser.self)
    }
}

/// What the composition root tells feature modules when they set up their services.
public struct AppEnvironment: Sendable {
    /// The app's name (the manifest's `app`).
    public var app: String
    /// The folder for the app's data (databases), or nil to keep everything in memory.
    public var dataDirectory: String?
    /// The settings store of a module, by its name: a module's service that reads its own
    /// settings (Auth's session) uses the same store its screens get.
    public var store: @MainActor @Sendable (String) -> any KeyValueStore
    /// What time it is, in seconds since 1970, when the shell fixes it (a recorded session, so
    /// that its replay shows the same clock); nil: the system's clock.
    public var now: (@Sendable () -> Double)?
    /// Where a module keeps the data that every session and front end sees: the app's records,
    /// in the data folder (`records.sqlite`) on one machine, in the database every server of the
    /// flow shares with `--database`, in memory for a test or when there is no data folder.
    public var records: any RecordStore

    /// What the shell tells modules: the app, its data folder, each module's settings store,
    /// the records servers share and, when fixed, the time. A test uses ``inMemory(app:)``.
    public init(
        app: String, dataDirectory: String?, now: (@Sendable () -> Double)? = nil, records: any RecordStore = MemoryRecordStore(),
        store: @escaping @MainActor @Sendable (String) -> any KeyValueStore = { _ in MemoryKeyValueStore() }
    ) {
        self.app = app
        self.dataDirectory = dataDirectory
        self.now = now
        self.records = records
        self.store = store
    }

    /// An environment that keeps everything in memory, for tests.
    public static func inMemory(app: String = "test") -> AppEnvironment {
        AppEnvironment(app: app, dataDirectory: nil)
    }
}
