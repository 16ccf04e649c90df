/// The last few command hints laid out (`commands: select, filter — help for more`), with their
/// lines: a screen shown again with the same commands (most state changes leave them) is not
/// joined, wrapped and measured again.
final class CommandHintCache {
    private struct Entry {
        let names: [String]
        let width: Int
        let colour: Bool
        let lines: [String]
    }

    /// How many hints are kept: a screen or two, as the table cache keeps.
    private static let capacity = 4
    private var entries: [Entry] = []

    /// The lines of the hint naming `names` at `width`, made by `layout` unless they are kept.
    func lines(for names: [String], width: Int, styler: TextStyler, layout: () -> [String]) -> [String] {
        if let index = entries.firstIndex(where: { $0.width == width && $0.colour == styler.colour && $0.names == names }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.lines
        }
        let lines = layout()
        entries.insert(Entry(names: names, width: width, colour: styler.colour, lines: lines), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        return lines
    }
}
