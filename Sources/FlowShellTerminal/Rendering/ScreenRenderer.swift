import FlowShellKit
import FlowShellRuntime
import LineEditor

/// Renders ViewProperties as terminal text at a given width, styled by the theme when colour
/// is on. Every field shows: the title, each content block, the status line and the commands.
package struct ScreenRenderer {
    /// The width in columns to fit.
    var width: Int

    /// The width of output that is not fitted to anything (piped, no `COLUMNS`): lines are not
    /// wrapped, and a divider takes a plain 40 columns.
    package static let unbounded = 1_000_000
    /// The bytes reserved for a screen's text before it is put together.
    private static let screenCapacity = 2048
    /// Applies styles, or not.
    var styler: TextStyler
    /// Whether messages wrap to the width (on a terminal) or stay one line each (for scripts).
    var wrapsMessages = true
    /// Where tables laid out before are kept, if anywhere.
    var tables: TableLayoutCache?
    /// Where command hints laid out before are kept, if anywhere.
    var hints: CommandHintCache?

    /// The whole screen, one string with a trailing newline.
    func render(_ properties: ViewProperties) -> String {
        // Room for a screen of a few dozen lines made at once, so that the text is not copied
        // again each time it outgrows its buffer: every screen shown pays for its layout.
        var text = ""
        text.reserveCapacity(Self.screenCapacity)
        func append(_ lines: [String]) {
            for line in lines {
                text += line
                text += "\n"
            }
        }
        append([styler.apply(.heading, DisplayWidth.truncate(TextSanitizer.clean(properties.title), to: width))])
        for component in properties.content {
            if case .table(let table) = component, tables == nil || table.rows.count > TableLayoutCache.largestKept {
                // Laid out straight into the text: a large table is held once more, not twice.
                TableLayout(table: table, width: width).write(into: &text, styler: styler)
            } else {
                append(render(component))
            }
        }
        if let status = properties.status {
            append(wrap(status).map { styler.apply(.message(.muted), $0) })
        }
        let names = properties.commands.map(\.name)
        let layout = { commandHint(names).map { styler.apply(.message(.muted), $0) } }
        append(hints?.lines(for: names, width: width, styler: styler, layout: layout) ?? layout())
        return text
    }

    /// `commands: select, filter — help for more`, wrapped between the names: the pointer to
    /// `help` is one phrase, on the last line when it fits there, else on a line of its own.
    func commandHint(_ names: [String]) -> [String] {
        guard !names.isEmpty else { return wrap("commands: help, back, where, quit") }
        let more = "— help for more"
        var lines = wrap("commands: \(names.joined(separator: ", "))")
        if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(more) <= width {
            lines[lines.count - 1] = last + " " + more
        } else {
            lines.append(more)
        }
        return lines
    }

    /// The lines of one block.
    func render(_ component: Component) -> [String] {
        switch component {
        case .heading(let text):
            return wrap(text).map { styler.apply(.heading, $0) }
        case .text(let text):
            return wrap(text)
        case .list(let items, let numbered):
            let markerWidth = numbered ? "\(items.count).".count + 1 : 2
            return items.enumerated().flatMap { index, item in
                let marker = numbered ? DisplayWidth.pad("\(index + 1).", to: markerWidth) : "• "
                return hanging(marker, wrap(item, width: width - markerWidth))
            }
        case .table(let table):
            let layout = { TableLayout(table: table, width: width).lines(styler: styler) }
            return tables?.lines(for: table, width: width, styler: styler, layout: layout) ?? layout()
        case .keyValue(let pairs):
            let keyWidth = min(pairs.map { DisplayWidth.of(TextSanitizer.clean($0.key)) + 1 }.max() ?? 0, max(1, width / 3))
            return pairs.flatMap { pair in
                let key = DisplayWidth.pad(DisplayWidth.truncate(TextSanitizer.clean(pair.key) + ":", to: keyWidth), to: keyWidth)
                return hanging(styler.apply(.label, key) + " ", wrap(pair.value, width: width - keyWidth - 1), indent: keyWidth + 1)
            }
        case .message(let style, let text):
            let symbol = Style.symbol(for: style) + " "
            let body =
                wrapsMessages
                ? wrap(text, width: width - 2)
                : Self.lines(of: TextSanitizer.clean(text, keepingNewlines: true))
            return hanging(symbol, body).map { styler.apply(.message(style), $0) }
        case .divider:
            return [styler.apply(.message(.muted), String(repeating: "─", count: width >= Self.unbounded ? 40 : max(1, width)))]
        }
    }

    /// The lines of `text`, split at its newlines (most text has none: no splitting then).
    private static func lines(of text: String) -> [String] {
        guard text.utf8.contains(0x0A) else { return [text] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A message as the lines to write, each ending in a newline. A message that is one
    /// line as it is (most are) is put together directly.
    func message(_ style: MessageStyle, _ text: String) -> String {
        let body = TextSanitizer.clean(text, keepingNewlines: true)
        if !body.withUTF8Bytes({ $0.contains(0x0A) }), !wrapsMessages || Self.fitsAsIs(body, width: width - 2) {
            return styler.apply(.message(style), Style.symbol(for: style) + " " + body) + "\n"
        }
        var lines = ""
        for line in render(.message(style, text)) {
            lines += line
            lines += "\n"
        }
        return lines
    }

    /// `first` before the first line, spaces of the same width before the others.
    private func hanging(_ first: String, _ lines: [String], indent: Int? = nil) -> [String] {
        // Most blocks are one line: no padding to make for the lines after it.
        if lines.count == 1 { return [first + lines[0]] }
        let padding = String(repeating: " ", count: indent ?? DisplayWidth.of(first))
        return lines.enumerated().map { ($0.offset == 0 ? first : padding) + $0.element }
    }

    /// Greedy word wrap by display width; a word longer than a whole line is broken across
    /// lines (text without spaces, such as Japanese, included).
    func wrap(_ text: String, width: Int? = nil) -> [String] {
        let width = max(1, width ?? self.width)
        if Self.fitsAsIs(text, width: width) { return [text] }
        var lines: [String] = []
        for paragraph in TextSanitizer.clean(text, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                let wordWidth = DisplayWidth.of(String(word))
                if !line.isEmpty && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if !line.isEmpty && wordWidth <= width {
                    lines.append(line)
                    line = String(word)
                    lineWidth = wordWidth
                    continue
                }
                // The word is wider than a line: fill what is left of this line, then whole lines.
                if !line.isEmpty {
                    line += " "
                    lineWidth += 1
                }
                for character in word {
                    let characterWidth = DisplayWidth.of(String(character))
                    if lineWidth + characterWidth > width && lineWidth > 0 {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines
    }

    /// Whether `text` is one line that fits in `width`, without control characters, with
    /// single spaces between words and none around them: what wrapping would return unchanged
    /// (most status lines and cells are). One pass over the bytes; only text with non-ASCII
    /// characters has those decoded, for their widths.
    private static func fitsAsIs(_ text: String, width: Int) -> Bool {
        // Over the string's own buffer, a loop of a few instructions a byte, rather than through
        // the UTF-8 view's iterator, which does more for each.
        let scan = text.withUTF8Bytes(asciiScan)
        guard var used = scan.columns else { return false }
        if scan.hasNonASCII {
            for scalar in text.unicodeScalars where scalar.value >= 0x80 {
                guard scalar.value > 0x9F else { return false }
                used += Terminal.columns(of: scalar)
            }
        }
        return used <= width
    }

    /// The columns the ASCII bytes of a line take, whether it has other bytes too, or nil when
    /// it is not one clean line of single-spaced words (a control character, a space at an
    /// end, two spaces in a row).
    private static func asciiScan(_ bytes: UnsafeBufferPointer<UInt8>) -> (columns: Int?, hasNonASCII: Bool) {
        var used = 0
        var previous: UInt8 = 0x20  // as if after a space: no leading space
        var hasNonASCII = false
        for byte in bytes {
            if byte < 0x80 {
                guard byte >= 0x20, byte != 0x7F, byte != 0x20 || previous != 0x20 else { return (nil, false) }
                used += 1
            } else {
                hasNonASCII = true
            }
            previous = byte
        }
        guard previous != 0x20 || bytes.isEmpty else { return (nil, false) }
        return (used, hasNonASCII)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
