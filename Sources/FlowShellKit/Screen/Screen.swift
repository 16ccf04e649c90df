/// One screen, declared once in one type: its id and title, its typed input, its state, its
/// typed events, its commands with typed arguments, the logic behind them and how the state
/// is shown. The kit derives from it the registration that `check`, `graph`, help and
/// completion use, and hosts it (its `ScreenHost`) — there is nothing else to write.
///
/// The seed's roles, each real:
/// - the **Feature** is the screen value itself: created from its input and the module's
///   services (``init(input:context:)``), it loads what it shows (``load()``) and handles its
///   ``commands``, which change the state and emit typed ``Events``; it never navigates. Its
///   state also changes over time: when it is shown again (``appear(_:)``), through the
///   effects its commands start (``EventSink/run(_:)``), and through its ``subscriptions``;
/// - the **Updater** is ``render(_:)``, a pure function from state to ``ViewProperties``;
/// - the **Builder** is the kit's generic host, `ScreenHost`, one for every screen type;
/// - the **View** is whatever the host pushes ``ViewProperties`` to.
///
/// ```swift
/// struct GreetingScreen: Screen {
///     static let id = "greeting.home"
///     static let title = "Welcome"
///     struct Events: ScreenEvents { let done = Event<Nothing>("the user is done") }
///     init(input: Nothing, context: ScreenContext) {}
///     func load() -> Int { 0 }
///     static let commands: [ScreenCommand<Self>] = [
///         .command("wave", "Wave back") { _, waves, _ in waves += 1 },
///         .command("done", "Leave") { _, _, emit in emit(\.done) },
///     ]
///     static func render(_ waves: Int) -> ViewProperties {
///         ViewProperties(title: title, content: [.text("Waved \(waves) times")])
///     }
/// }
/// ```
@MainActor
public protocol Screen {
    /// What the screen cannot be built without: the payload keys the manifest must route here.
    associatedtype Input: ScreenValue = Nothing
    /// What the screen shows and its commands change.
    associatedtype State: Equatable & Sendable
    /// The events the screen can emit.
    associatedtype Events: ScreenEvents = NoEvents

    /// The id manifests use (`cars.details`).
    static var id: String { get }
    /// The title for listings, diagrams and help.
    static var title: String { get }
    /// The commands the user may type on this screen.
    static var commands: [ScreenCommand<Self>] { get }

    /// Creates the feature from its input and the module's services; throws a
    /// ``UserFacingError`` when the input makes no sense.
    init(input: Input, context: ScreenContext) async throws
    /// What the screen shows first, looked up from its services.
    func load() async throws -> State
    /// The Updater: what a state looks like. Commands are added by the host.
    static func render(_ state: State) -> ViewProperties

    /// What the screen does when it is shown again because the screen above it closed —
    /// usually it looks its data up again. By default, nothing.
    func appear(_ state: inout State) async throws
    /// The sequences the screen follows while it is open (a clock, a service's changes). By
    /// default, none.
    static var subscriptions: [ScreenSubscription<Self>] { get }
}

extension Screen {
    /// Nothing to do when shown again.
    public func appear(_ state: inout State) async throws {}

    /// No subscriptions.
    public static var subscriptions: [ScreenSubscription<Self>] { [] }
}

extension Screen {
    /// The screen's declaration as manifests and checks see it, derived from its types.
    package static var registration: FeatureRegistration {
        FeatureRegistration(
            id: id,
            title: title,
            inputs: Input.requiredKeys,
            events: EventCatalog<Events>.shared.declarations,
            commands: commands.map { $0.name },  // Not `\.name`: see `Argument.choice`.
            effects: Dictionary(commands.compactMap { command in command.effect.map { (command.name, $0) } }) { first, _ in first }
        ) { input, context in
            try await ScreenHost<Self>.make(input: input, context: context)
        }
    }
}
