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
    /// Where each value was written, for diagnostics.
    public var locations: [JSONPath: SourceLocation]

    /// Creates a manifest.
    public init(
        app: String,
        root: String,
        modules: [String],
        transitions: [Transition],
        locations: [JSONPath: SourceLocation] = [:]
    ) {
        self.app = app
        self.root = root
        self.modules = modules
        self.transitions = transitions
        self.locations = locations
    }

    /// The transition taken when `from` emits `event`: an exact match first, then `*`.
    public func transition(from featureID: String, on event: String) -> Transition? {
        transitions.first { $0.from == featureID && $0.on == event }
            ?? transitions.first { $0.from == Transition.anyScreen && $0.on == event }
    }

    /// Where the value at `path` was written, or the nearest enclosing value's place.
    public func location(of path: JSONPath) -> SourceLocation? {
        locations.nearest(to: path)
    }
}
