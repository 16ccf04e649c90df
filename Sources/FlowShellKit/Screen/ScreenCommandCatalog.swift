/// What a screen type's commands say of themselves in any state: the names of the events each
/// emits, and the descriptions of those without arguments (a command with arguments is
/// described in each state, as its arguments' values follow the state). Worked out once per
/// screen type (``shared``), not once per screen opened.
@MainActor
final class ScreenCommandCatalog<S: Screen> {
    /// The names of the events each of `S.commands` says it emits.
    let emits: [[String]]
    /// The description of each of `S.commands` that takes no arguments; nil for the others.
    let constantDescriptions: [CommandDescription?]
    /// The indices in `S.commands` of the commands of each name, in order (a name may have one
    /// command for some states and another for others).
    private let indicesByName: [String: [Int]]

    private init(state: S.State) {
        let events = EventCatalog<S.Events>.shared
        let commands = S.commands
        let emits = commands.map { $0.emittedEventNames(in: events) }
        self.emits = emits
        constantDescriptions = commands.indices.map { index in
            commands[index].arguments.isEmpty ? commands[index].description(in: state, emits: emits[index]) : nil
        }
        var indicesByName: [String: [Int]] = [:]
        for index in commands.indices { indicesByName[commands[index].name, default: []].append(index) }
        self.indicesByName = indicesByName
    }

    /// The indices in `S.commands` of the commands named `name`, in order.
    func indices(named name: String) -> [Int] {
        indicesByName[name] ?? []
    }

    /// The catalog of `S`'s commands, worked out from `state` the first time (a command without
    /// arguments reads nothing of it).
    static func shared(describingIn state: S.State) -> ScreenCommandCatalog<S> {
        if let catalog = screenCommandCatalogs[ObjectIdentifier(S.self)] as? ScreenCommandCatalog<S> { return catalog }
        let catalog = ScreenCommandCatalog(state: state)
        screenCommandCatalogs[ObjectIdentifier(S.self)] = catalog
        return catalog
    }
}

/// Every screen type's catalog of commands, by type.
@MainActor private var screenCommandCatalogs: [ObjectIdentifier: AnyObject] = [:]
