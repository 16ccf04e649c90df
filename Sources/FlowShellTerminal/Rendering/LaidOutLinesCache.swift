import FlowShellKit
import FlowShellRuntime

/// The last few things laid out, with their lines, each by what it was (`Key`), the width and
/// whether in colour: what is shown again as it was is not measured, wrapped and padded again.
final class LaidOutLinesCache<Key: Equatable> {
    private struct Entry {
        let key: Key
        let width: Int
        let colour: Bool
        let lines: [String]
    }

    /// How many are kept: a screen or two, each with a state or two.
    private static var capacity: Int { 4 }
    private var entries: [Entry] = []

    /// The lines of `key` at `width`, laid out by `layout` unless they are kept.
    func lines(for key: Key, width: Int, styler: TextStyler, layout: () -> [String]) -> [String] {
        if let index = entries.firstIndex(where: { $0.width == width && $0.colour == styler.colour && $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.lines
        }
        let lines = layout()
        entries.insert(Entry(key: key, width: width, colour: styler.colour, lines: lines), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        return lines
    }
}

/// The last few tables laid out: a table shown again as it was (the list after `back`, a filter
/// undone) at the same width and style is not measured and padded again. Kept because the
/// `filter` row of `make bench` keeps within its goal only so: comparing two tables reads each
/// cell once, laying one out measures and pads every cell.
typealias TableLayoutCache = LaidOutLinesCache<Table>

extension LaidOutLinesCache where Key == Table {
    /// The most rows a table kept here has: a larger one is laid out each time it is shown, as
    /// keeping its lines would hold it twice over for as long as it is kept.
    static var largestKept: Int { 1_000 }
}

/// The last few command hints laid out (`commands: select, filter — help for more`), by the
/// commands' names: a screen shown again with the same commands (most state changes leave them)
/// is not joined, wrapped and measured again.
typealias CommandHintCache = LaidOutLinesCache<[String]>
