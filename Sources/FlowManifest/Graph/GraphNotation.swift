/// A language a ``FlowGraph`` is written in (DOT, Mermaid): the lines of each of its parts.
/// ``FlowGraph/written(in:)`` walks the graph once, in the same order, for every language.
protocol GraphNotation {
    /// The lines before the graph's parts.
    func opening(_ graph: FlowGraph) -> [String]
    /// A module's screens, the `index`th module drawn.
    func cluster(_ index: Int, module: String, nodes: [FlowGraph.Node], of graph: FlowGraph) -> [String]
    /// The node that edges from any screen (`*`) leave from.
    var anyScreen: String { get }
    /// The node that closing edges (back, dismiss) lead to.
    var closing: String { get }
    /// A guard's flow, and the edge to its first screen.
    func flow(_ flow: FlowGraph.Flow, of graph: FlowGraph) -> [String]
    /// A deep link, and the edge to its screen.
    func link(_ link: FlowGraph.Link) -> [String]
    /// The edge to the root screen.
    func start(_ root: FlowGraph.Node) -> String
    /// A transition.
    func edge(_ edge: FlowGraph.Edge, of graph: FlowGraph) -> String
    /// The lines after the graph's parts.
    var ending: [String] { get }
}

extension FlowGraph {
    /// The graph in `notation`: its modules' screens, the nodes that stand for any screen and
    /// for closing, the guards' flows, the links, the start, then every transition.
    func written(in notation: some GraphNotation) -> String {
        var lines = notation.opening(self)
        for (index, cluster) in clusters.enumerated() {
            lines += notation.cluster(index, module: cluster.module, nodes: cluster.nodes, of: self)
        }
        if hasAnyScreenEdges { lines.append(notation.anyScreen) }
        if hasClosingEdges { lines.append(notation.closing) }
        for flow in flows { lines += notation.flow(flow, of: self) }
        for link in links { lines += notation.link(link) }
        if let root = nodes.first(where: \.isRoot) { lines.append(notation.start(root)) }
        for edge in edges { lines.append(notation.edge(edge, of: self)) }
        return (lines + notation.ending).joined(separator: "\n") + "\n"
    }
}
