import FlowShellKit

/// Renders ViewProperties as terminal text at a given width, styled by the theme when colour
/// is on. Every field shows: title, each content block, the status line and the commands.
struct ScreenRenderer: Sendable {
    /// The width in columns to fit.
    var width: Int
    /// Applies styles, or not.
    var styler: TextStyler

    /// The whole screen, one string with a trailing newline.
    func render(_ properties: ViewProperties) -> String {
        var lines: [String] = []
        lines.append(styler.apply(.heading, DisplayWidth.truncate(properties.title, to: width)))
        for component in properties.content {
            lines += render(component)
        }
        if let status = properties.status {
            lines.append(styler.apply(.message(.muted), DisplayWidth.truncate(status, to: width)))
        }
        let names = properties.commands.map(\.name)
        let hint = names.isEmpty ? "commands: help, back, where, quit" : "commands: \(names.joined(separator: ", ")) — help for more"
        lines += wrap(hint, width: width).map { styler.apply(.message(.muted), $0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one block.
    func render(_ component: Component) -> [String] {
        switch component {
        case .heading(let text):
            return [styler.apply(.heading, DisplayWidth.truncate(text, to: width))]
        case .text(let text):
            return wrap(text, width: width)
        case .list(let items, let numbered):
            let markerWidth = numbered ? "\(items.count).".count + 1 : 2
            return items.enumerated().flatMap { index, item in
                let marker = numbered ? DisplayWidth.pad("\(index + 1).", to: markerWidth) : "• "
                let wrapped = wrap(item, width: max(1, width - markerWidth))
                return wrapped.enumerated().map { ($0.offset == 0 ? marker : String(repeating: " ", count: markerWidth)) + $0.element }
            }
        case .table(let table):
            return render(table)
        case .keyValue(let pairs):
            let keyWidth = pairs.map { DisplayWidth.of($0.key) }.max() ?? 0
            return pairs.map { pair in
                let key = styler.apply(.label, DisplayWidth.pad(pair.key + ":", to: keyWidth + 1))
                return key + " " + DisplayWidth.truncate(pair.value, to: max(1, width - keyWidth - 2))
            }
        case .message(let style, let text):
            // Not wrapped: a message stays one line per line for scripts; terminals wrap it.
            let symbol = Style.symbol(for: style)
            return "\(symbol) \(text)".split(separator: "\n", omittingEmptySubsequences: false).map { styler.apply(.message(style), String($0)) }
        case .divider:
            return [styler.apply(.message(.muted), String(repeating: "─", count: max(1, width)))]
        }
    }

    private func render(_ table: Table) -> [String] {
        let columnCount = table.columns.count
        let rows = table.rows.map { row in (0..<columnCount).map { $0 < row.count ? row[$0] : "" } }
        var widths = table.columns.indices.map { index in
            ([DisplayWidth.of(table.columns[index].title)] + rows.map { DisplayWidth.of($0[index]) }).max() ?? 0
        }
        // Shrink the widest column, one column at a time, until the table fits.
        let gaps = 2 * max(0, columnCount - 1)
        while widths.reduce(0, +) + gaps > width, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 3 {
            widths[widest] -= 1
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { index in
                let cell = DisplayWidth.truncate(cells[index], to: widths[index])
                return DisplayWidth.pad(cell, to: widths[index], trailing: table.columns[index].alignment == .trailing)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let header = styler.apply(.tableHeader, line(table.columns.map(\.title)))
        return [header] + rows.map(line)
    }

    /// Greedy word wrap to `width` columns; a word longer than a line is cut.
    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let word = String(word)
                if line.isEmpty {
                    line = DisplayWidth.truncate(word, to: width)
                } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = DisplayWidth.truncate(word, to: width)
                }
            }
            lines.append(line)
        }
        return lines
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
