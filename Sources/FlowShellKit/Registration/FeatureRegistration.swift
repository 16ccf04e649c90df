/// How a screen is known to manifests: its id, title, the input keys it needs, the events it
/// can emit, its command names and a factory. A ``Screen`` derives its own from its declaration;
/// a screen described at run time (another process) is registered with these values directly.
public struct FeatureRegistration: Sendable {
    /// Builds the screen from its input.
    public typealias Factory = @MainActor @Sendable (FeatureInput, ScreenContext) async throws -> any HostedScreen

    /// The id manifests use (`cars.details`): module-ish prefix, a dot, the screen.
    public var id: String
    /// A human title for listings and diagrams.
    public var title: String
    /// The input keys the screen cannot be built without.
    public var inputs: [String]
    /// The events the screen can emit.
    public var events: [EventDeclaration]
    /// The names of the commands it offers (checked against the global commands).
    public var commands: [String]
    /// What those of its commands that declare it do to what the app keeps, by name (the
    /// check reads it: a command an agent's read-only session refuses).
    public var effects: [String: CommandEffect]
    /// Builds the screen; it may load data first, and throws a ``UserFacingError`` when the
    /// input does not make sense (an unknown car, say).
    public var make: Factory

    /// A screen described at run time (a plugin's). A ``Screen`` type's registration is
    /// derived from its declaration, so a linked feature never writes one.
    public init(
        id: String, title: String, inputs: [String] = [], events: [EventDeclaration] = [],
        commands: [String] = [], effects: [String: CommandEffect] = [:], make: @escaping Factory
    ) {
        self.id = id
        self.title = title
        self.inputs = inputs
        self.events = events
        self.commands = commands
        self.effects = effects
        self.make = make
    }

    /// The declaration of the event named `name`, if this screen emits it.
    package func event(named name: String) -> EventDeclaration? {
        events.first { $0.name == name }
    }
}
