@_spi(Reflection) import Swift

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

    /// The stored ``Event`` properties of `instance`, with their names, in declaration order.
    ///
    /// Read with the standard library's field walk rather than `Mirror`: a `Mirror` asks the
    /// runtime whether the type customises its reflection, a search of every conformance in
    /// the program, and wraps each value in an existential; this reads the field records and
    /// the references in place, which took a sixth of the shell's start off.
    private static func events(of instance: Events) -> [(String, AnyEvent)] {
        // A struct's fields lie at their offsets in its value, a class's in its object.
        let isClass = Events.self is AnyClass
        var fields: [(name: String, offset: Int)] = []
        // `_EachFieldOptions.classType`, spelt by its raw value: the standard library declares
        // it a `static var`, which strict concurrency will not read.
        let options = isClass ? _EachFieldOptions(rawValue: 1 << 0) : []
        _ = _forEachField(of: Events.self, options: options) { name, offset, type, _ in
            if type is AnyEvent.Type { fields.append((String(cString: name), offset)) }
            return true
        }
        func read(_ base: UnsafeRawPointer) -> [(String, AnyEvent)] {
            fields.map { ($0.name, base.load(fromByteOffset: $0.offset, as: AnyEvent.self)) }
        }
        if isClass {
            let object = instance as AnyObject
            return withExtendedLifetime(object) { read(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())) }
        }
        return withUnsafeBytes(of: instance) { bytes in bytes.baseAddress.map(read) ?? [] }
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
