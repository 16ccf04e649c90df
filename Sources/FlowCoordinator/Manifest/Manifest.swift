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
    /// Where each value was written, for diagnostics.
    public var locations: [JSONPath: SourceLocation]

    /// Creates a manifest.
    public init(
        app: String,
        root: String,
        modules: [String],
        transitions: [Transition],
        flows: [String: SubFlow] = [:],
        guards: [String: GuardDefinition] = [:],
        links: [LinkPattern] = [],
        locations: [JSONPath: SourceLocation] = [:]
    ) {
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
    /// an exact match first, then `*`.
    public func transition(from featureID: String, on event: String, in flow: String? = nil) -> Transition? {
        let candidates = transitions(in: flow)
        return candidates.first { $0.from == featureID && $0.on == event }
            ?? candidates.first { $0.from == Transition.anyScreen && $0.on == event }
    }

    /// The link pattern `link` matches, with its parameters.
    public func link(matching link: String) -> (pattern: LinkPattern, parameters: [String: String])? {
        for pattern in links {
            if let parameters = pattern.match(link) { return (pattern, parameters) }
        }
        return nil
    }

    /// Where the value at `path` was written, or the nearest enclosing value's place.
    public func location(of path: JSONPath) -> SourceLocation? {
        locations.nearest(to: path)
    }
}
