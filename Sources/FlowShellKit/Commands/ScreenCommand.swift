/// A command of a screen, declared once on the screen type: its name, summary, typed arguments
/// and what it does. Usage, `help`, completion, parsing and the error for a wrong argument all
/// come from this declaration.
///
/// ```swift
/// static let commands: [ScreenCommand<Self>] = [
///     .command("select", "Show a car's details", .argument("CAR-ID", values: { $0.visibleCars.map(\.id) })) { screen, state, carID, emit in
///         emit(\.selected, CarReference(carID: carID))
///     },
/// ]
/// ```
/// The handler is the Feature at work: it gets the screen (its services), the state to change
/// and the ``EventSink``. A handler that throws or is cancelled leaves the state as it was.
public struct ScreenCommand<S: Screen>: Sendable {
    /// The work, with the words already parsed.
    typealias Run = @MainActor @Sendable (S, inout S.State, ParsedArguments, EventSink<S>) async throws -> Void

    /// The word the user types.
    public let name: String
    /// One line for `help`.
    public let summary: String
    let arguments: [@Sendable (S.State) -> ArgumentDescription]
    let isAvailable: @Sendable (S.State) -> Bool
    let run: Run
    /// The events it emits, when it says (a shell leaves out a command whose events all lead nowhere).
    let emits: [any PartialKeyPath<S.Events> & Sendable]
    /// Whether it is what the screen is for (``primary()``).
    let isPrimary: Bool
    /// What it does to what the app keeps (``changing()``, ``destructive()``); nil: nothing.
    let effect: CommandEffect?

    init(
        name: String, summary: String, arguments: [@Sendable (S.State) -> ArgumentDescription],
        when isAvailable: @escaping @Sendable (S.State) -> Bool, emits: [any PartialKeyPath<S.Events> & Sendable] = [],
        primary: Bool = false, effect: CommandEffect? = nil, run: @escaping Run
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.isAvailable = isAvailable
        self.emits = emits
        self.isPrimary = primary
        self.effect = effect
        self.run = run
    }

    /// This command, saying which events it emits: a flow that routes none of them leaves it
    /// out of help and completion.
    public func emitting(_ events: any PartialKeyPath<S.Events> & Sendable...) -> Self {
        Self(
            name: name, summary: summary, arguments: arguments, when: isAvailable, emits: emits + events, primary: isPrimary,
            effect: effect, run: run)
    }

    /// This command, marked as what the screen is for (`confirm` on a booking): a View that
    /// shows commands as buttons shows it first and stronger. The terminal lists it as before.
    public func primary() -> Self {
        Self(name: name, summary: summary, arguments: arguments, when: isAvailable, emits: emits, primary: true, effect: effect, run: run)
    }

    /// This command, declared as adding to or changing what the app keeps (`confirm` makes a
    /// booking): an agent's client is told it is not read-only, and an agent's session that
    /// the config makes read-only refuses it. A person runs it as before.
    public func changing() -> Self {
        Self(
            name: name, summary: summary, arguments: arguments, when: isAvailable, emits: emits, primary: isPrimary, effect: .changes,
            run: run)
    }

    /// This command, declared as taking back or deleting what the app keeps (`cancel` of a
    /// booking): an agent's client is told it is destructive, and an agent's session that the
    /// config makes read-only refuses it. A person runs it as before.
    public func destructive() -> Self {
        Self(
            name: name, summary: summary, arguments: arguments, when: isAvailable, emits: emits, primary: isPrimary, effect: .destroys,
            run: run)
    }

    /// The command as the screen shows it in `state`.
    @MainActor
    package func description(in state: S.State) -> CommandDescription {
        description(in: state, emits: emittedEventNames(in: .shared))
    }

    /// The command as the screen shows it in `state`, with the names of its events read before.
    func description(in state: S.State, emits: [String]) -> CommandDescription {
        CommandDescription(
            name: name, summary: summary, arguments: arguments.map { $0(state) }, emits: emits, primary: isPrimary, effect: effect)
    }

    /// The names of the events it says it emits, from the screen's catalog of them.
    func emittedEventNames(in catalog: EventCatalog<S.Events>) -> [String] {
        emits.map { catalog.name(of: $0) }
    }

    /// A command without arguments.
    public static func command(
        _ name: String, _ summary: String, when isAvailable: @escaping @Sendable (S.State) -> Bool = { _ in true },
        run: @escaping @MainActor @Sendable (S, inout S.State, EventSink<S>) async throws -> Void
    ) -> Self {
        Self(name: name, summary: summary, arguments: [], when: isAvailable) { screen, state, _, emit in
            try await run(screen, &state, emit)
        }
    }

    /// A command with one argument.
    public static func command<A>(
        _ name: String, _ summary: String, _ first: Argument<S.State, A>,
        when isAvailable: @escaping @Sendable (S.State) -> Bool = { _ in true },
        run: @escaping @MainActor @Sendable (S, inout S.State, A, EventSink<S>) async throws -> Void
    ) -> Self {
        Self(name: name, summary: summary, arguments: [first.describe], when: isAvailable) { screen, state, parsed, emit in
            let a = try first.read(parsed, 0)
            try await run(screen, &state, a, emit)
        }
    }

    /// A command with two arguments.
    public static func command<A, B>(
        _ name: String, _ summary: String, _ first: Argument<S.State, A>, _ second: Argument<S.State, B>,
        when isAvailable: @escaping @Sendable (S.State) -> Bool = { _ in true },
        run: @escaping @MainActor @Sendable (S, inout S.State, A, B, EventSink<S>) async throws -> Void
    ) -> Self {
        let secondPosition = first.isPositional ? 1 : 0
        return Self(name: name, summary: summary, arguments: [first.describe, second.describe], when: isAvailable) {
            screen, state, parsed, emit in
            let a = try first.read(parsed, 0)
            let b = try second.read(parsed, secondPosition)
            try await run(screen, &state, a, b, emit)
        }
    }
}
