/// What a screen receives besides its input when it is built: its module's settings and the
/// app's services.
@MainActor
public struct ScreenContext {
    /// Small settings its module keeps across restarts.
    public let store: any KeyValueStore
    /// The app's services, created once by the composition root.
    public let services: ServiceContainer

    /// Creates a context.
    public init(store: any KeyValueStore = MemoryKeyValueStore(), services: ServiceContainer = ServiceContainer()) {
        self.store = store
        self.services = services
    }
}
