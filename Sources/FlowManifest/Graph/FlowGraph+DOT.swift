extension FlowGraph {
    /// The graph in Graphviz's DOT language.
    public var dot: String { written(in: DOTNotation()) }

    /// A DOT string literal: quotes and backslashes escaped, newlines as `\n`.
    static func dotQuoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

/// Graphviz's DOT language: a module's screens in a cluster, the root's drawn heavier.
private struct DOTNotation: GraphNotation {
    func opening(_ graph: FlowGraph) -> [String] {
        [
            "digraph \(q(graph.app)) {",
            "  rankdir=LR;",
            "  fontname=\"Helvetica\";",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
            "  \"__start\" [shape=point, label=\"\"];",
        ]
    }

    func cluster(_ index: Int, module: String, nodes: [FlowGraph.Node], of graph: FlowGraph) -> [String] {
        ["  subgraph cluster_\(index) {", "    label=\(q(graph.clusterLabel(module)));", "    style=rounded; color=gray;"]
            + nodes.map { node in
                "    \(q(node.id)) [label=\(q("\(node.title)\n\(node.id)"))\(node.isRoot ? ", penwidth=2" : "")];"
            } + ["  }"]
    }

    let anyScreen = "  \"*\" [label=\"any screen\", shape=hexagon];"
    let closing = "  \"__close\" [label=\"closes (like back)\", shape=oval, style=dashed];"

    func flow(_ flow: FlowGraph.Flow, of graph: FlowGraph) -> [String] {
        [
            "  \(q("flow:" + flow.name)) [label=\(q(graph.label(flow))), shape=component];",
            "  \(q("flow:" + flow.name)) -> \(q(flow.root)) [label=\"starts\", style=dotted];",
        ]
    }

    func link(_ link: FlowGraph.Link) -> [String] {
        let requires = link.requires.isEmpty ? "" : "\nrequires \(link.requires.joined(separator: ", "))"
        return [
            "  \(q("link:" + link.pattern)) [label=\(q(link.pattern + requires)), shape=note];",
            "  \(q("link:" + link.pattern)) -> \(q(link.target)) [style=dotted];",
        ]
    }

    func start(_ root: FlowGraph.Node) -> String { "  \"__start\" -> \(q(root.id));" }

    func edge(_ edge: FlowGraph.Edge, of graph: FlowGraph) -> String {
        let to = edge.to ?? edge.startsFlow.map { "flow:" + $0 } ?? "__close"
        let dashed = graph.isDashed(edge) ? ", style=dashed" : ""
        return "  \(q(edge.from)) -> \(q(to)) [label=\(q(graph.label(edge)))\(dashed)];"
    }

    let ending = ["}"]

    private func q(_ text: String) -> String { FlowGraph.dotQuoted(text) }
}
