/// Where a screen's command emits its events while it runs. The flow routes them, in the order
/// emitted, after the command has finished and its new state is shown.
@MainActor
public final class EventSink<Events: ScreenEvents> {
    private let catalog: EventCatalog<Events>
    /// The events emitted so far, as the flow routes them.
    public private(set) var emitted: [FeatureEvent] = []

    init(catalog: EventCatalog<Events>) {
        self.catalog = catalog
    }

    /// Emits a declared event with its payload.
    public func callAsFunction<Payload: ScreenValue>(_ event: KeyPath<Events, Event<Payload>>, _ payload: Payload) {
        emitted.append(FeatureEvent(catalog.name(of: event), payload: payload.values))
    }

    /// Emits a declared event that carries nothing.
    public func callAsFunction(_ event: KeyPath<Events, Event<Nothing>>) {
        emitted.append(FeatureEvent(catalog.name(of: event), payload: [:]))
    }
}
