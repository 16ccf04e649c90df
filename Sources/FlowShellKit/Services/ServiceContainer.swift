/// The app's services, created once by the composition root and handed to features through
/// their ``ScreenContext``: repositories, aggregators, clients. Looked up by type; tests
/// register their own.
@MainActor
public final class ServiceContainer {
    private var services: [ObjectIdentifier: Any] = [:]

    /// An empty container, which modules' service set-ups (or a test) fill.
    public init() {}

    /// Registers `service` under `type` (by default its own type), replacing any before it.
    public func register<Service>(_ service: Service, as type: Service.Type = Service.self) {
        services[ObjectIdentifier(type)] = service
    }

    /// Whether a service of `type` is registered.
    public func contains<Service>(_ type: Service.Type) -> Bool {
        services[ObjectIdentifier(type)] != nil
    }

    /// The service registered under `type`, or an error naming it.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        guard let service = services[ObjectIdentifier(type)] as? Service else {
            throw UserFacingError("no \(type) service was set up: the module that provides it is not loaded")
        }
        return service
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

    /// What the shell tells modules: the app, its data folder, each module's settings store and,
    /// when fixed, the time. A test uses ``inMemory(app:)``.
    public init(app: String, dataDirectory: String?, now: (@Sendable () -> Double)? = nil,
                store: @escaping @MainActor @Sendable (String) -> any KeyValueStore = { _ in MemoryKeyValueStore() }) {
        self.app = app
        self.dataDirectory = dataDirectory
        self.now = now
        self.store = store
    }

    /// An environment that keeps everything in memory, for tests.
    public static func inMemory(app: String = "test") -> AppEnvironment {
        AppEnvironment(app: app, dataDirectory: nil)
    }
}
