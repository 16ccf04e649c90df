extension FlowGraph {
    /// The graph as a Mermaid flowchart.
    public var mermaid: String { written(in: MermaidNotation()) }

    /// A node id Mermaid accepts: letters, digits and underscores.
    static func mermaidID(_ text: String) -> String {
        "n_" + String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Text safe inside Mermaid's double quotes.
    static func mermaidText(_ text: String) -> String {
        text.replacingAll("\"", with: "#quot;")
    }
}

/// A Mermaid flowchart: a module's screens in a subgraph, each node's id under its title.
private struct MermaidNotation: GraphNotation {
    func opening(_ graph: FlowGraph) -> [String] { ["flowchart LR", "  start((start))"] }

    func cluster(_ index: Int, module: String, nodes: [FlowGraph.Node], of graph: FlowGraph) -> [String] {
        ["  subgraph \(id(module))[\"\(graph.clusterLabel(module))\"]"]
            + nodes.map { "    \(id($0.id))[\"\(text($0.title))<br/><small>\($0.id)</small>\"]" } + ["  end"]
    }

    let anyScreen = "  any_screen{{\"any screen\"}}"
    let closing = "  close_screen([\"closes (like back)\"])"

    func flow(_ flow: FlowGraph.Flow, of graph: FlowGraph) -> [String] {
        let label = text(graph.label(flow)).split(separator: "\n").joined(separator: "<br/>")
        return ["  \(id("flow:" + flow.name))[[\"\(label)\"]]", "  \(id("flow:" + flow.name)) -. starts .-> \(id(flow.root))"]
    }

    func link(_ link: FlowGraph.Link) -> [String] {
        let requires = link.requires.isEmpty ? "" : "<br/>requires \(link.requires.joined(separator: ", "))"
        return [
            "  \(id("link:" + link.pattern))>\"\(text(link.pattern))\(requires)\"]",
            "  \(id("link:" + link.pattern)) -.-> \(id(link.target))",
        ]
    }

    func start(_ root: FlowGraph.Node) -> String { "  start --> \(id(root.id))" }

    func edge(_ edge: FlowGraph.Edge, of graph: FlowGraph) -> String {
        let from = edge.from == "*" ? "any_screen" : id(edge.from)
        let to = edge.to.map(id) ?? edge.startsFlow.map { id("flow:" + $0) } ?? "close_screen"
        let arrow = graph.isDashed(edge) ? "-.->" : "-->"
        return "  \(from) \(arrow)|\"\(text(graph.label(edge)))\"| \(to)"
    }

    let ending: [String] = []

    private func id(_ text: String) -> String { FlowGraph.mermaidID(text) }
    private func text(_ text: String) -> String { FlowGraph.mermaidText(text) }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
