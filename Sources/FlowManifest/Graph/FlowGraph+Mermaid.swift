extension FlowGraph {
    /// The graph as a Mermaid flowchart.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        lines.append("  start((start))")
        for (module, nodes) in clusters {
            lines.append("  subgraph \(Self.mermaidID(module))[\"\(clusterLabel(module))\"]")
            for node in nodes {
                lines.append("    \(Self.mermaidID(node.id))[\"\(Self.mermaidText(node.title))<br/><small>\(node.id)</small>\"]")
            }
            lines.append("  end")
        }
        if hasAnyScreenEdges { lines.append("  any_screen{{\"any screen\"}}") }
        if hasClosingEdges { lines.append("  close_screen([\"closes (like back)\"])") }
        for flow in flows {
            let text = Self.mermaidText(label(flow)).split(separator: "\n").joined(separator: "<br/>")
            lines.append("  \(Self.mermaidID("flow:" + flow.name))[[\"\(text)\"]]")
            lines.append("  \(Self.mermaidID("flow:" + flow.name)) -. starts .-> \(Self.mermaidID(flow.root))")
        }
        for link in links {
            let requires = link.requires.isEmpty ? "" : "<br/>requires \(link.requires.joined(separator: ", "))"
            lines.append("  \(Self.mermaidID("link:" + link.pattern))>\"\(Self.mermaidText(link.pattern))\(requires)\"]")
            lines.append("  \(Self.mermaidID("link:" + link.pattern)) -.-> \(Self.mermaidID(link.target))")
        }
        if let root = nodes.first(where: \.isRoot) {
            lines.append("  start --> \(Self.mermaidID(root.id))")
        }
        for edge in edges {
            let from = edge.from == "*" ? "any_screen" : Self.mermaidID(edge.from)
            let to = edge.to.map(Self.mermaidID) ?? edge.startsFlow.map { Self.mermaidID("flow:" + $0) } ?? "close_screen"
            let arrow = isDashed(edge) ? "-.->" : "-->"
            lines.append("  \(from) \(arrow)|\"\(Self.mermaidText(label(edge)))\"| \(to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A node id Mermaid accepts: letters, digits and underscores.
    static func mermaidID(_ text: String) -> String {
        "n_" + String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Text safe inside Mermaid's double quotes.
    static func mermaidText(_ text: String) -> String {
        text.replacingAll("\"", with: "#quot;")
    }
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
