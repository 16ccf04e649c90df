import FlowShellKit
import FlowShellRuntime

/// The last few tables laid out, with their lines: a table shown again as it was (the list
/// after `back`, a filter undone) at the same width and style is not measured and padded again.
/// Kept because the `filter` row of `make bench` keeps within its goal only so: comparing two
/// tables reads each cell once, laying one out measures and pads every cell.
final class TableLayoutCache {
    private struct Entry {
        let table: Table
        let width: Int
        let colour: Bool
        let lines: [String]
    }

    /// How many tables are kept: a screen or two, each with a state or two.
    private static let capacity = 4
    /// The most rows a table kept here has: a larger one is laid out each time it is shown, as
    /// keeping its lines would hold it twice over for as long as it is kept.
    static let largestKept = 1_000
    private var entries: [Entry] = []

    /// The lines of `table` at `width`, laid out by `layout` unless they are kept.
    func lines(for table: Table, width: Int, styler: TextStyler, layout: () -> [String]) -> [String] {
        if let index = entries.firstIndex(where: { $0.width == width && $0.colour == styler.colour && $0.table == table }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.lines
        }
        let lines = layout()
        entries.insert(Entry(table: table, width: width, colour: styler.colour, lines: lines), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        return lines
    }
}
