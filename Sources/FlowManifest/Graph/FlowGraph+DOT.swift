extension FlowGraph {
    /// The graph in Graphviz's DOT language.
    public var dot: String {
        var lines = ["digraph \(Self.dotQuoted(app)) {"]
        lines.append("  rankdir=LR;")
        lines.append("  fontname=\"Helvetica\";")
        lines.append("  node [shape=box, style=rounded, fontname=\"Helvetica\"];")
        lines.append("  edge [fontname=\"Helvetica\", fontsize=10];")
        lines.append("  \"__start\" [shape=point, label=\"\"];")
        for (index, cluster) in clusters.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(Self.dotQuoted(clusterLabel(cluster.module)));")
            lines.append("    style=rounded; color=gray;")
            for node in cluster.nodes {
                let root = node.isRoot ? ", penwidth=2" : ""
                lines.append("    \(Self.dotQuoted(node.id)) [label=\(Self.dotQuoted("\(node.title)\n\(node.id)"))\(root)];")
            }
            lines.append("  }")
        }
        if hasAnyScreenEdges { lines.append("  \"*\" [label=\"any screen\", shape=hexagon];") }
        if hasClosingEdges { lines.append("  \"__close\" [label=\"closes (like back)\", shape=oval, style=dashed];") }
        for flow in flows {
            lines.append("  \(Self.dotQuoted("flow:" + flow.name)) [label=\(Self.dotQuoted(label(flow))), shape=component];")
            lines.append("  \(Self.dotQuoted("flow:" + flow.name)) -> \(Self.dotQuoted(flow.root)) [label=\"starts\", style=dotted];")
        }
        for link in links {
            let requires = link.requires.isEmpty ? "" : "\nrequires \(link.requires.joined(separator: ", "))"
            lines.append("  \(Self.dotQuoted("link:" + link.pattern)) [label=\(Self.dotQuoted(link.pattern + requires)), shape=note];")
            lines.append("  \(Self.dotQuoted("link:" + link.pattern)) -> \(Self.dotQuoted(link.target)) [style=dotted];")
        }
        if let root = nodes.first(where: \.isRoot) {
            lines.append("  \"__start\" -> \(Self.dotQuoted(root.id));")
        }
        for edge in edges {
            let to = edge.to ?? edge.startsFlow.map { "flow:" + $0 } ?? "__close"
            let dashed = isDashed(edge) ? ", style=dashed" : ""
            lines.append("  \(Self.dotQuoted(edge.from)) -> \(Self.dotQuoted(to)) [label=\(Self.dotQuoted(label(edge)))\(dashed)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

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
