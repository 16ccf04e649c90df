/// A built screen as the flow holds it, whatever its type: what the coordinator shows, the
/// session runs commands on, and the saved state names.
@MainActor
public protocol HostedScreen: AnyObject {
    /// The registered id of the screen (`cars.details`).
    var featureID: String { get }
    /// What the screen shows now, as last pushed to its view.
    var viewProperties: ViewProperties { get }
    /// Binds the view that shows this screen (nil: none) and shows the screen on it at once.
    func bind(view: (any View)?)
    /// Runs the command named `name` with the words typed after it; returns the events it
    /// emitted. The new state is pushed to the bound view before this returns.
    func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent]
    /// The title the screen shows now.
    var title: String { get }
    /// The command the screen offers now under `name`, if any.
    func command(named name: String) -> CommandDescription?

    /// The screen is on the stack: its subscriptions start, and the events of its background
    /// work (effects, subscriptions) go to `events`, which routes them as a command's.
    func open(sendingEvents events: @escaping @MainActor ([FeatureEvent]) -> Void)
    /// The screen is shown again because the screen above it closed; a new state is pushed
    /// to the bound view before this returns.
    func appear() async throws
    /// The screen left the stack: its background work is cancelled, and nothing it sends
    /// changes anything any more.
    func close()
}

extension HostedScreen {
    /// A screen without background work has nothing to start.
    public func open(sendingEvents events: @escaping @MainActor ([FeatureEvent]) -> Void) {}

    /// A screen that does nothing when shown again.
    public func appear() async throws {}

    /// A screen without background work has nothing to stop.
    public func close() {}

    /// The title, from what the screen shows.
    public var title: String { viewProperties.title }

    /// The command, from what the screen shows.
    public func command(named name: String) -> CommandDescription? {
        viewProperties.command(named: name)
    }
}
