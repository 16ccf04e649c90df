/// What a feature receives when it is built: its input and the way to emit events.
@MainActor
public struct FeatureContext {
    /// The feature's input: the payload of the event that led here.
    public let input: FeatureInput
    /// Small settings its module keeps across restarts.
    public let store: any KeyValueStore
    /// The app's services, created once by the composition root.
    public let services: ServiceContainer
    private let sink: @MainActor (FeatureEvent) -> Void

    /// Creates a context; `emit` hands events to the coordinator of this screen.
    public init(input: FeatureInput, store: any KeyValueStore = MemoryKeyValueStore(),
                services: ServiceContainer = ServiceContainer(),
                emit: @escaping @MainActor (FeatureEvent) -> Void) {
        self.input = input
        self.store = store
        self.services = services
        self.sink = emit
    }

    /// Emits a named event with a payload. The coordinator routes it after the current
    /// command finishes, in the order emitted.
    public func emit(_ name: String, _ payload: [String: String] = [:]) {
        sink(FeatureEvent(name, payload: payload))
    }

    /// The emit function alone, for a feature to keep.
    public var emitter: @MainActor (String, [String: String]) -> Void {
        let sink = self.sink
        return { name, payload in sink(FeatureEvent(name, payload: payload)) }
    }
}
