/// A flow as `config.json` describes it: the app's name, the root screen, the feature
/// modules it loads, and the transitions between screens.
public struct Manifest: Sendable, Equatable {
    /// The app's name; it names the history and state folders, so it is a plain word.
    public var app: String
    /// The feature id of the first screen.
    public var root: String
    /// The linked feature modules this flow loads; features of other modules are unavailable.
    public var modules: [String]
    /// The edges of the flow, in the order written.
    public var transitions: [Transition]
    /// Named sub-flows, by name.
    public var flows: [String: SubFlow]
    /// Guards, by the condition they guard.
    public var guards: [String: GuardDefinition]
    /// Deep links, in the order written.
    public var links: [LinkPattern]
    /// The most screens the stack may hold; a push beyond it is refused.
    public var maxDepth: Int
    /// The plugins that provide modules besides the linked ones.
    public var plugins: [PluginDeclaration]
    /// What `flowshell test` types for commands whose arguments are free text, in the order written.
    public var examples: [CommandExamples]
    /// The commands an agent runs only with its person's yes, by screen.
    public var personConfirms: [ConfirmedCommands]
    /// Whether agents' sessions may only look: a command its screen declares as changing what
    /// the app keeps is refused to an agent (`agentsReadOnly`).
    public var agentsReadOnly: Bool
    /// Where each value was written, for diagnostics.
    public var locations: [JSONPath: SourceLocation]

    /// The stack depth a flow allows when it does not say.
    public static let defaultMaxDepth = 64

    /// A flow as a program builds it rather than decodes it; what it leaves out is what a config
    /// that leaves it out means (no sub-flows, guards, links, plugins or examples; a stack of `defaultMaxDepth`).
    public init(
        app: String,
        root: String,
        modules: [String],
        transitions: [Transition],
        flows: [String: SubFlow] = [:],
        guards: [String: GuardDefinition] = [:],
        links: [LinkPattern] = [],
        maxDepth: Int = Manifest.defaultMaxDepth,
        plugins: [PluginDeclaration] = [],
        examples: [CommandExamples] = [],
        personConfirms: [ConfirmedCommands] = [],
        agentsReadOnly: Bool = false,
        locations: [JSONPath: SourceLocation] = [:]
    ) {
        self.agentsReadOnly = agentsReadOnly
        self.maxDepth = maxDepth
        self.plugins = plugins
        self.examples = examples
        self.personConfirms = personConfirms
        self.app = app
        self.root = root
        self.modules = modules
        self.transitions = transitions
        self.flows = flows
        self.guards = guards
        self.links = links
        self.locations = locations
    }

    /// The transitions of the main flow, or of the sub-flow named `flow`.
    public func transitions(in flow: String?) -> [Transition] {
        guard let flow else { return transitions }
        return flows[flow]?.transitions ?? []
    }

    /// The transition taken when `from` emits `event` in the main flow or in sub-flow `flow`:
    /// an exact match first, then `*`. (A planner that asks often builds a ``TransitionIndex``.)
    public func transition(from featureID: String, on event: String, in flow: String? = nil) -> Transition? {
        TransitionIndex(transitions(in: flow)).transition(from: featureID, on: event)
    }

    /// The link pattern `link` matches, with its parameters.
    public func link(matching link: String) -> (pattern: LinkPattern, parameters: [String: String])? {
        for pattern in links {
            if let parameters = pattern.match(link) { return (pattern, parameters) }
        }
        return nil
    }

    /// The examples the config gives for `command` on `screen` (what to type after its name).
    public func examples(of command: String, on screen: String) -> [String] {
        examples.first { $0.screen == screen && $0.command == command }?.arguments ?? []
    }

    /// Where the value at `path` was written, or the nearest enclosing value's place.
    public func location(of path: JSONPath) -> SourceLocation? {
        locations.nearest(to: path)
    }
}
