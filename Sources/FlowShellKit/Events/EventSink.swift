/// Where a screen's command emits its events while it runs, and starts the work that goes on
/// after it returns (``run(_:)``). The flow routes the events, in the order emitted, after the
/// command has finished and its new state is shown.
///
/// A host keeps one for all its commands (made per command, its generic type's metadata was
/// looked up again every time): what is emitted outside a command's run — by work the command
/// left behind — counts for none, as it would on a sink of its own.
@MainActor
public final class EventSink<S: Screen> {
    private let catalog: EventCatalog<S.Events>
    /// The events emitted so far, as the flow routes them.
    package private(set) var emitted: [FeatureEvent] = []
    /// The effects started so far, which the host runs once the command's state is in place.
    private(set) var effects: [Effect<S>] = []
    /// Whether an effect was started: read before `effects`, which most commands leave empty.
    private(set) var startedEffects = false
    /// Whether a command runs with it now: only then is what it is given kept.
    private(set) var isRunning = false
    /// Where the host takes the states ``progress(_:)`` sends.
    var onProgress: (S.State) -> Void = { _ in }

    init(catalog: EventCatalog<S.Events>) {
        self.catalog = catalog
    }

    /// A command begins with it: nothing emitted, no effect started.
    func begin() {
        isRunning = true
        if !emitted.isEmpty { emitted = [] }
        if startedEffects {
            effects = []
            startedEffects = false
        }
    }

    /// The command ended: what comes later is not its.
    func end() {
        isRunning = false
    }

    /// Emits a declared event with its payload.
    public func callAsFunction<Payload: ScreenValue>(_ event: KeyPath<S.Events, Event<Payload>>, _ payload: Payload) {
        guard isRunning else { return }
        emitted.append(FeatureEvent(catalog.name(of: event), payload: payload.values))
    }

    /// Emits a declared event that carries nothing.
    public func callAsFunction(_ event: KeyPath<S.Events, Event<Nothing>>) {
        guard isRunning else { return }
        emitted.append(FeatureEvent(catalog.name(of: event), payload: [:]))
    }

    /// Shows the state the command has reached while it still runs — partial results as they
    /// arrive — and makes it the screen's state: a command that fails after it leaves the
    /// screen as its last progress showed it. At a terminal it is shown at once; a script or a
    /// program sees only the state the command ends with.
    ///
    /// ```swift
    /// .command("refresh", "Ask every operator again") { screen, state, emit in
    ///     state.cars = try await screen.fleet.refreshedCars { cars in
    ///         state.cars = cars
    ///         emit.progress(state)
    ///     }
    /// }
    /// ```
    public func progress(_ state: S.State) {
        onProgress(state)
    }

    /// Starts an effect: work that goes on after the command returns and changes the screen's
    /// state and emits events as it goes, through `send` (progress, partial results). It runs
    /// while the screen is open: closing the screen cancels it; Ctrl-C, which cancels the
    /// command, does not.
    ///
    /// ```swift
    /// .command("refresh", "Ask every operator again") { screen, state, emit in
    ///     state.refreshing = true
    ///     emit.run { send in
    ///         for try await answer in screen.fleet.answers() { send { $0.merge(answer) } }
    ///         send { $0.refreshing = false }
    ///     }
    /// }
    /// ```
    public func run(_ work: @escaping @MainActor (Send<S>) async throws -> Void) {
        guard isRunning else { return }
        effects.append(Effect(work: work))
        startedEffects = true
    }
}

/// Background work of a screen, started by a command and run by its host.
struct Effect<S: Screen> {
    let work: @MainActor (Send<S>) async throws -> Void
}
