import FlowShellKit

/// A flow as a diagram: screens as nodes grouped by module, transitions as edges labelled
/// with their event and style. Rendered as Mermaid or Graphviz DOT text.
public struct FlowGraph: Sendable {
    /// One screen.
    public struct Node: Sendable, Equatable {
        /// The feature id.
        public var id: String
        /// The registration's title.
        public var title: String
        /// The module that registers it.
        public var module: String
        /// Whether it is the flow's root.
        public var isRoot: Bool
    }

    /// One transition.
    public struct Edge: Sendable, Equatable {
        /// The source feature id, or `*`.
        public var from: String
        /// The target feature id; nil when the transition closes a screen or starts a flow.
        public var to: String?
        /// The sub-flow it starts.
        public var startsFlow: String?
        /// The event, or for a command the config adds, `› name` (what the user types).
        public var event: String
        /// The style.
        public var style: TransitionStyle
        /// The conditions it requires.
        public var requires: [String]
        /// The sub-flow it belongs to; nil for the main flow.
        public var inFlow: String?
    }

    /// A sub-flow, drawn as one node with an edge to its root.
    public struct Flow: Sendable, Equatable {
        /// Its name.
        public var name: String
        /// Its first screen.
        public var root: String
        /// Its finishing events and their results (`loggedIn → finished`).
        public var finish: [String]
        /// The conditions whose guard runs it.
        public var guards: [String]
    }

    /// A deep link, drawn as a node pointing at the screen it opens.
    public struct Link: Sendable, Equatable {
        /// The pattern.
        public var pattern: String
        /// The screen on top of the stack it opens.
        public var target: String
        /// The conditions it requires itself.
        public var requires: [String]
    }

    /// The app's name.
    public let app: String
    /// The screens of the loaded modules, sorted by module then id.
    public let nodes: [Node]
    /// The transitions, in manifest order: the main flow's, then each sub-flow's.
    public let edges: [Edge]
    /// The sub-flows, by name.
    public let flows: [Flow]
    /// The deep links.
    public let links: [Link]
    /// The modules that plugins provide (drawn marked as plugins).
    public let pluginModules: Set<String>

    /// The graph of a manifest whose features are in `catalog`.
    public init(manifest: Manifest, catalog: FeatureCatalog) {
        app = manifest.app
        pluginModules = Set(manifest.plugins.map(\.module))
        var nodes: [Node] = []
        for module in manifest.loadedModules {
            for feature in (catalog.modules[module] ?? []).sorted(by: { $0.id < $1.id }) {
                nodes.append(Node(id: feature.id, title: feature.title, module: module, isRoot: feature.id == manifest.root))
            }
        }
        self.nodes = nodes
        func edge(_ transition: Transition, in flow: String?) -> Edge {
            Edge(
                from: transition.from, to: transition.to, startsFlow: transition.flow,
                event: transition.isCommand ? "› \(transition.on)" : transition.on,
                style: transition.style, requires: transition.requires, inFlow: flow)
        }
        let subFlows = manifest.flows.values.sorted { $0.name < $1.name }
        edges =
            manifest.transitions.map { edge($0, in: nil) }
            + subFlows.flatMap { flow in flow.transitions.map { edge($0, in: flow.name) } }
        flows = subFlows.map { flow in
            Flow(
                name: flow.name, root: flow.root, finish: flow.finish.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" },
                guards: manifest.guards.values.filter { $0.flow == flow.name }.map(\.condition).sorted())
        }
        links = manifest.links.compactMap { link in
            link.screens.last.map { Link(pattern: link.pattern, target: $0, requires: link.requires) }
        }
    }

    /// The modules, in the order the manifest lists them, each with its screens.
    var clusters: [(module: String, nodes: [Node])] {
        var order: [String] = []
        for node in nodes where !order.contains(node.module) { order.append(node.module) }
        return order.map { module in (module, nodes.filter { $0.module == module }) }
    }

    /// A cluster's label: the module's name, marked when a plugin provides it.
    func clusterLabel(_ module: String) -> String {
        pluginModules.contains(module) ? "\(module) (plugin)" : module
    }

    var hasAnyScreenEdges: Bool { edges.contains { $0.from == Transition.anyScreen } }
    var hasClosingEdges: Bool { edges.contains { $0.to == nil && $0.startsFlow == nil } }

    /// `event · style`, with the conditions it requires and the sub-flow it belongs to.
    func label(_ edge: Edge) -> String {
        var text = "\(edge.event) · \(edge.style.rawValue)"
        if !edge.requires.isEmpty { text += " · requires \(edge.requires.joined(separator: ", "))" }
        if let flow = edge.inFlow { text = "[\(flow)] " + text }
        return text
    }

    func label(_ flow: Flow) -> String {
        var text = "flow \(flow.name)\nfinish: \(flow.finish.joined(separator: ", "))"
        if !flow.guards.isEmpty { text += "\nguards \(flow.guards.joined(separator: ", "))" }
        return text
    }

    /// Modal presentations are drawn dashed, so layers stand out.
    func isDashed(_ edge: Edge) -> Bool { edge.style == .present || edge.style == .dismiss }
}
