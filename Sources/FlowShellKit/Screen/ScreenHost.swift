/// The Builder role, once for every screen type: builds a ``Screen`` from its input, keeps its
/// state, runs its commands and pushes each new state, rendered, to the bound ``View``.
@MainActor
public final class ScreenHost<S: Screen>: HostedScreen {
    /// The screen (the Feature).
    public let screen: S
    /// Its current state.
    public private(set) var state: S.State
    /// What the screen shows now.
    public private(set) var viewProperties: ViewProperties
    private weak var view: (any View)?
    /// The names of the screen's events.
    private let events: EventCatalog<S.Events>
    /// The names of the events each of `S.commands` says it emits, read once: rendering a
    /// state describes every command again.
    private let commandEmits: [[String]]
    /// The descriptions of the commands without arguments, which no state changes.
    private let constantDescriptions: [CommandDescription?]

    /// Hosts a built screen in its first state.
    public init(screen: S, state: S.State) {
        self.screen = screen
        self.state = state
        let events = EventCatalog<S.Events>.shared
        self.events = events
        let commands = S.commands
        let commandEmits = commands.map { $0.emittedEventNames(in: events) }
        self.commandEmits = commandEmits
        let constant = commands.indices.map { index in
            commands[index].arguments.isEmpty ? commands[index].description(in: state, emits: commandEmits[index]) : nil
        }
        self.constantDescriptions = constant
        self.viewProperties = Self.properties(for: state, commandEmits: commandEmits, constantDescriptions: constant)
    }

    /// Builds the screen from the string map its input arrives as, and loads its first state.
    public static func make(input: FeatureInput, context: ScreenContext) async throws -> ScreenHost<S> {
        let screen = try await S(input: try S.Input(values: input.values), context: context)
        let state = try await screen.load()
        return ScreenHost(screen: screen, state: state)
    }

    /// The registered id.
    public var featureID: String { S.id }

    // Read from the stored properties in place: through the protocol's defaults, each
    // would copy everything the screen shows, and the shell asks for them every command.
    public var title: String { viewProperties.title }

    public func command(named name: String) -> CommandDescription? {
        viewProperties.command(named: name)
    }

    public func bind(view: (any View)?) {
        self.view = view
        view?.update(with: viewProperties)
    }

    public func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent] {
        guard let command = S.commands.first(where: { $0.name == name && $0.isAvailable(state) }) else {
            throw UnknownCommand(name: name)
        }
        // The shown commands were described for this state already.
        let description = viewProperties.commands.first { $0.name == name } ?? command.description(in: state)
        let parsed = try ParsedArguments(arguments, for: description)
        let sink = EventSink(catalog: events)
        // The command works on a copy: one that throws or is cancelled changes nothing.
        var working = state
        try await command.run(screen, &working, parsed, sink)
        if working != state {
            state = working
            viewProperties = Self.properties(for: working, commandEmits: commandEmits, constantDescriptions: constantDescriptions)
            view?.update(with: viewProperties)
        }
        return sink.emitted
    }

    /// The rendered state with the commands available in it.
    private static func properties(for state: S.State, commandEmits: [[String]],
                                   constantDescriptions: [CommandDescription?]) -> ViewProperties {
        var properties = S.render(state)
        // By index: a zip of generic arrays is not specialized here, and cost a fifth of this.
        let commands = S.commands
        var described: [CommandDescription] = []
        described.reserveCapacity(commands.count)
        for index in commands.indices where commands[index].isAvailable(state) {
            described.append(constantDescriptions[index] ?? commands[index].description(in: state, emits: commandEmits[index]))
        }
        properties.commands = described
        return properties
    }
}

/// A command name the top screen does not have.
public struct UnknownCommand: Error, Equatable, Sendable {
    /// The word typed.
    public let name: String

    /// The error for the word `name`.
    public init(name: String) {
        self.name = name
    }
}
