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
            lines.append("    label=\(Self.dotQuoted(cluster.module));")
            lines.append("    style=rounded; color=gray;")
            for node in cluster.nodes {
                let root = node.isRoot ? ", penwidth=2" : ""
                lines.append("    \(Self.dotQuoted(node.id)) [label=\(Self.dotQuoted("\(node.title)\n\(node.id)"))\(root)];")
            }
            lines.append("  }")
        }
        if hasAnyScreenEdges { lines.append("  \"*\" [label=\"any screen\", shape=hexagon];") }
        if hasClosingEdges { lines.append("  \"__close\" [label=\"closes: back\", shape=oval, style=dashed];") }
        if let root = nodes.first(where: \.isRoot) {
            lines.append("  \"__start\" -> \(Self.dotQuoted(root.id));")
        }
        for edge in edges {
            let to = edge.to ?? "__close"
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
