/// The Builder role, once for every screen type: builds a ``Screen`` from its input, keeps its
/// state and pushes each new state, rendered, to the bound ``View``. Every change goes through
/// one path (`apply(_:)`): a command, appearing again, an effect, a subscription. The host
/// owns the screen's background work: it starts when the screen opens, and closing the screen
/// cancels it.
@MainActor
package final class ScreenHost<S: Screen>: HostedScreen {
    /// The screen (the Feature).
    package let screen: S
    /// Its current state.
    package private(set) var state: S.State
    /// What the screen shows now.
    package private(set) var viewProperties: ViewProperties
    private weak var view: (any View)?
    /// The names of the screen's events.
    private let events: EventCatalog<S.Events>
    /// What the screen type's commands say of themselves in any state: rendering a state
    /// describes only the commands with arguments again.
    private let commandCatalog: ScreenCommandCatalog<S>
    /// The clock background work sleeps on.
    let clock: any Clock<Duration>
    /// The running effects and subscriptions.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    private var isOpen = false
    private var isClosed = false
    private var onBackgroundEvents: (@MainActor ([FeatureEvent]) -> Void)?
    /// Background work waiting for the state's next change (a timer planned from it).
    private var stateChangeWaiters: [StateChangeWaiter] = []
    /// Where the screen's commands emit, one after another.
    private lazy var sink = makeSink()

    /// Hosts a built screen in its first state; its background work sleeps on `clock`.
    package init(screen: S, state: S.State, clock: any Clock<Duration> = ContinuousClock()) {
        self.screen = screen
        self.state = state
        self.clock = clock
        events = EventCatalog<S.Events>.shared
        let commandCatalog = ScreenCommandCatalog<S>.shared(describingIn: state)
        self.commandCatalog = commandCatalog
        self.viewProperties = Self.properties(for: state, commands: commandCatalog)
    }

    /// Builds the screen from the string map its input arrives as, and loads its first state.
    package static func make(input: FeatureInput, context: ScreenContext) async throws -> ScreenHost<S> {
        let screen = try await S(input: try S.Input(values: input.values), context: context)
        let state = try await screen.load()
        return ScreenHost(screen: screen, state: state, clock: context.clock)
    }

    package var featureID: String { S.id }

    // Read from the stored properties in place: through the protocol's defaults, each
    // would copy everything the screen shows, and the shell asks for them every command.
    package var title: String { viewProperties.title }

    package func command(named name: String) -> CommandDescription? {
        viewProperties.command(named: name)
    }

    package func bind(view: (any View)?) {
        self.view = view
        view?.update(with: viewProperties)
    }

    package func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent] {
        // Found by name in the catalog, not by a search of the commands: a closure made here,
        // isolated to the main actor, checks at every call that it runs there.
        let commands = S.commands
        var found: Int?
        for index in commandCatalog.indices(named: name) where commands[index].isAvailable(state) {
            found = index
            break
        }
        guard let index = found else { throw UnknownCommand(name: name) }
        let command = commands[index]
        // The shown commands were described for this state already.
        let description =
            commandCatalog.constantDescriptions[index] ?? viewProperties.command(named: name) ?? command.description(in: state)
        let parsed = try ParsedArguments(arguments, for: description)
        // A command that runs while another waits (none does at a shell's prompt) gets a sink
        // of its own.
        let sink = self.sink.isRunning ? makeSink() : self.sink
        sink.begin()
        defer { sink.end() }
        // The command works on a copy: one that throws or is cancelled changes nothing.
        var working = state
        try await command.run(screen, &working, parsed, sink)
        apply(working)
        if sink.startedEffects {
            for effect in sink.effects {
                start { screen, send in try await effect.work(send) }
            }
        }
        return sink.emitted
    }

    /// A sink for the screen's commands, whose progress is this screen's.
    private func makeSink() -> EventSink<S> {
        let sink = EventSink<S>(catalog: events)
        sink.onProgress = { [weak self] reached in self?.apply(inProgress: true) { $0 = reached } }
        return sink
    }

    package func open(sendingEvents events: @escaping @MainActor ([FeatureEvent]) -> Void) {
        guard !isOpen, !isClosed else { return }
        isOpen = true
        onBackgroundEvents = events
        // What the subscriptions' tasks sleep on a clock is the screen's own doing, not a line's.
        ScreenActivity.$isSubscription.withValue(true) {
            for subscription in S.subscriptions {
                start(subscription.run)
            }
        }
    }

    package func appear() async throws {
        var working = state
        try await screen.appear(&working)
        apply { $0 = working }
    }

    package func close() {
        isClosed = true
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        endStateChangeWaits()
    }

    /// A wait for the state's next change, begun now.
    func nextStateChange() -> StateChangeWaiter {
        let waiter = StateChangeWaiter()
        if isClosed { waiter.fire() } else { stateChangeWaiters.append(waiter) }
        return waiter
    }

    private func endStateChangeWaits() {
        let waiters = stateChangeWaiters
        stateChangeWaiters = []
        for waiter in waiters { waiter.fire() }
    }

    /// The one update path: changes the state, and when it changed, renders it and pushes it
    /// to the view — as a running command's progress when `inProgress`.
    func apply(inProgress: Bool = false, _ change: (inout S.State) -> Void) {
        guard !isClosed else { return }
        var working = state
        change(&working)
        apply(working, inProgress: inProgress)
    }

    /// The update path for a whole new state (a command's): a state equal to the current one
    /// changes nothing.
    private func apply(_ working: S.State, inProgress: Bool = false) {
        guard !isClosed, working != state else { return }
        state = working
        if !stateChangeWaiters.isEmpty { endStateChangeWaits() }
        let properties = Self.properties(for: working, commands: commandCatalog)
        // A new state that looks the same (a clock's tick between two changes) shows nothing new.
        guard properties != viewProperties else { return }
        viewProperties = properties
        if inProgress {
            view?.updateInProgress(with: properties)
        } else {
            view?.update(with: properties)
        }
    }

    /// An event from background work, handed to the flow at once.
    func emitInBackground(_ event: FeatureEvent) {
        guard !isClosed else { return }
        onBackgroundEvents?([event])
    }

    /// Runs background work until it ends, fails or the screen closes. A failure is the
    /// screen's to show: it ends only that work.
    private func start(_ work: @escaping @MainActor (S, Send<S>) async throws -> Void) {
        guard !isClosed else { return }
        let id = nextTask
        nextTask += 1
        let send = Send(host: self)
        let screen = self.screen
        tasks[id] = Task { @MainActor [weak self] in
            try? await work(screen, send)
            self?.tasks[id] = nil
        }
    }

    /// The rendered state with the commands available in it.
    private static func properties(for state: S.State, commands catalog: ScreenCommandCatalog<S>) -> ViewProperties {
        var properties = S.render(state)
        // By index, which the compiler specializes; a zip of these generic arrays it does not.
        let commands = S.commands
        var described: [CommandDescription] = []
        described.reserveCapacity(commands.count)
        for index in commands.indices where commands[index].isAvailable(state) {
            described.append(
                catalog.constantDescriptions[index] ?? commands[index].description(in: state, emits: catalog.emits[index]))
        }
        properties.commands = described
        return properties
    }
}

/// What a ``HostedScreen``'s `perform` throws for a command it does not offer now; the shell
/// answers it in the user's words (a suggestion, or the screen whose command it is).
public struct UnknownCommand: Error, Equatable, Sendable {
    /// The word typed.
    public let name: String

    /// The error for the command `name`, as typed.
    public init(name: String) {
        self.name = name
    }
}
