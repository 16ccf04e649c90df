/// How a feature module makes one screen available to manifests: its id, title, the input
/// keys it needs, the events it can emit, its command names and a factory.
public struct FeatureRegistration: Sendable {
    /// Builds the screen from its context.
    public typealias Factory = @MainActor @Sendable (FeatureContext) async throws -> any Presentable

    /// The id manifests use (`cars.details`): module-ish prefix, a dot, the screen.
    public var id: String
    /// A human title for listings and diagrams.
    public var title: String
    /// The input keys the feature cannot be built without.
    public var inputs: [String]
    /// The events the feature can emit.
    public var events: [EventDeclaration]
    /// The names of the commands its screen offers (checked against the global commands).
    public var commands: [String]
    /// Builds the screen; it may load data first, and throws a ``UserFacingError`` when the
    /// input does not make sense (an unknown car, say).
    public var make: Factory

    /// Registers a screen.
    public init(
        id: String,
        title: String,
        inputs: [String] = [],
        events: [EventDeclaration] = [],
        commands: [String] = [],
        make: @escaping Factory
    ) {
        self.id = id
        self.title = title
        self.inputs = inputs
        self.events = events
        self.commands = commands
        self.make = make
    }

    /// The declaration of the event named `name`, if this feature emits it.
    public func event(named name: String) -> EventDeclaration? {
        events.first { $0.name == name }
    }
}
