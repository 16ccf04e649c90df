/// The declared events of one ``ScreenEvents`` type, read once from an instance of it: each
/// stored ``Event`` property is an event named after the property. Emitting by key path looks
/// the name up here, by the identity of the ``Event`` object the key path leads to.
struct EventCatalog<Events: ScreenEvents>: Sendable {
    /// The instance the declarations and key paths are read from.
    let instance: Events
    /// The events, in declaration order.
    let declarations: [EventDeclaration]
    private let names: [ObjectIdentifier: String]

    init() {
        let instance = Events()
        var declarations: [EventDeclaration] = []
        var names: [ObjectIdentifier: String] = [:]
        for (label, event) in Self.events(of: instance) {
            declarations.append(EventDeclaration(label, payload: event.payloadKeys, summary: event.summary))
            names[ObjectIdentifier(event)] = label
        }
        self.instance = instance
        self.declarations = declarations
        self.names = names
    }

    /// The stored ``Event`` properties of `instance`, with their names, in declaration order,
    /// read through `Mirror` (once per events type: ``shared`` keeps the catalog).
    private static func events(of instance: Events) -> [(String, AnyEvent)] {
        Mirror(reflecting: instance).children.compactMap { child in
            guard let label = child.label, let event = child.value as? AnyEvent else { return nil }
            return (label, event)
        }
    }

    /// The catalog of `Events`, read once per type.
    @MainActor
    static var shared: EventCatalog<Events> {
        if let catalog = eventCatalogs[ObjectIdentifier(Events.self)] as? EventCatalog<Events> { return catalog }
        let catalog = EventCatalog<Events>()
        eventCatalogs[ObjectIdentifier(Events.self)] = catalog
        return catalog
    }

    /// The name of the event any key path into `Events` leads to.
    func name(of keyPath: PartialKeyPath<Events>) -> String {
        guard let event = instance[keyPath: keyPath] as? AnyEvent else { return "" }
        return names[ObjectIdentifier(event)] ?? ""
    }

    /// The name of the event `keyPath` leads to.
    func name<Payload>(of keyPath: KeyPath<Events, Event<Payload>>) -> String {
        // Every key path into `Events` leads to one of the properties read above.
        names[ObjectIdentifier(instance[keyPath: keyPath])] ?? ""
    }
}

/// The catalogs read so far, by events type.
@MainActor private var eventCatalogs: [ObjectIdentifier: any Sendable] = [:]
