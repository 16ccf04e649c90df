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
        /// The target feature id; nil when the transition closes a screen.
        public var to: String?
        /// The event.
        public var event: String
        /// The style.
        public var style: TransitionStyle
    }

    /// The app's name.
    public let app: String
    /// The screens of the loaded modules, sorted by module then id.
    public let nodes: [Node]
    /// The transitions, in manifest order.
    public let edges: [Edge]

    /// The graph of a manifest whose features are in `catalog`.
    public init(manifest: Manifest, catalog: FeatureCatalog) {
        app = manifest.app
        var nodes: [Node] = []
        for module in manifest.modules {
            for feature in (catalog.modules[module] ?? []).sorted(by: { $0.id < $1.id }) {
                nodes.append(Node(id: feature.id, title: feature.title, module: module, isRoot: feature.id == manifest.root))
            }
        }
        self.nodes = nodes
        edges = manifest.transitions.map { Edge(from: $0.from, to: $0.to, event: $0.on, style: $0.style) }
    }

    /// The modules, in the order the manifest lists them, each with its screens.
    var clusters: [(module: String, nodes: [Node])] {
        var order: [String] = []
        for node in nodes where !order.contains(node.module) { order.append(node.module) }
        return order.map { module in (module, nodes.filter { $0.module == module }) }
    }

    var hasAnyScreenEdges: Bool { edges.contains { $0.from == Transition.anyScreen } }
    var hasClosingEdges: Bool { edges.contains { $0.to == nil } }

    func label(_ edge: Edge) -> String { "\(edge.event) · \(edge.style.rawValue)" }

    /// Modal presentations are drawn dashed, so layers stand out.
    func isDashed(_ edge: Edge) -> Bool { edge.style == .present || edge.style == .dismiss }
}
