import FlowShellKit
import FlowShellRuntime

/// Fits a table to a width: columns as wide as their widest cell, two spaces apart; when that
/// is too wide, columns marked `shrinksFirst` give up width first, then the widest others, and
/// cut cells end with an ellipsis.
struct TableLayout {
    /// The narrowest a column gets: room for a letter or two and the ellipsis.
    static let minimumColumnWidth = 4
    /// How far a shrink-first column shrinks before the others give anything.
    static let readableColumnWidth = 8
    static let gap = 2

    let columns: [Table.Column]
    let header: [String]
    /// The table's rows as they are (not copied: a large table is not held twice); each cell is
    /// cleaned as its line is laid out.
    let rows: Table.Rows
    let widths: [Int]
    /// The display width of every cell, header first, one row after another (`columns.count`
    /// each), measured once; in one flat array, so that a large table's widths take little more
    /// room than their numbers (a plugin's large view, in `make bench`).
    /// A cell too wide for its number (``unmeasured``) is measured again when laid out.
    private let cellWidths: [UInt16]
    private static let unmeasured = UInt16.max

    init(table: Table, width: Int) {
        let header = table.columns.map { TextSanitizer.clean($0.title) }
        let count = table.columns.count
        var cellWidths: [UInt16] = []
        cellWidths.reserveCapacity((table.rows.count + 1) * count)
        var widths = [Int](repeating: 0, count: count)
        func measure(_ cell: String, column: Int) {
            let cellWidth = DisplayWidth.of(cell)
            cellWidths.append(UInt16(exactly: cellWidth).map { min($0, Self.unmeasured) } ?? Self.unmeasured)
            widths[column] = max(widths[column], cellWidth)
        }
        for index in 0..<count { measure(header[index], column: index) }
        for row in table.rows {
            for index in 0..<count { measure(Self.cell(index, of: row), column: index) }
        }
        let available = width - Self.gap * max(0, table.columns.count - 1)
        let shrinkable = table.columns.map(\.shrinksFirst)
        let keeps = table.columns.map(\.keepsWidth)
        let natural = widths
        // Who gives up width, in turn, and down to what: the shrink-first columns to a readable
        // width, then the others likewise, then the shrink-first ones to the minimum,
        // then any column that need not keep its width, then any column at all.
        let phases: [(eligible: (Int) -> Bool, floor: (Int) -> Int)] = [
            ({ shrinkable[$0] }, { _ in Self.readableColumnWidth }),
            ({ !shrinkable[$0] && !keeps[$0] }, { min(natural[$0], Self.readableColumnWidth - 2) }),
            ({ shrinkable[$0] }, { _ in Self.minimumColumnWidth }),
            ({ !keeps[$0] }, { _ in Self.minimumColumnWidth }),
            ({ _ in true }, { _ in Self.minimumColumnWidth }),
        ]
        for phase in phases {
            while widths.reduce(0, +) > available {
                let candidates = widths.indices.filter { phase.eligible($0) && widths[$0] > phase.floor($0) }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
            }
        }
        self.columns = table.columns
        self.header = header
        self.rows = table.rows
        self.widths = widths
        self.cellWidths = cellWidths
    }

    /// Cell `index` of a row, cleaned; a row shorter than the columns has empty cells.
    private static func cell(_ index: Int, of row: Table.Row) -> String {
        index < row.count ? TextSanitizer.clean(row[index]) : ""
    }

    /// The table's lines, the header first.
    func lines(styler: TextStyler) -> [String] {
        var text = ""
        write(into: &text, styler: styler)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Appends the table's lines to `text`, the header first, each with its newline: laid out
    /// straight into the screen's text, so that a large table is held once as text rather than
    /// again as a string for each of its lines.
    func write(into text: inout String, styler: TextStyler) {
        var line: [UInt8] = []
        lay(header, row: 0, into: &line)
        text += styler.apply(.tableHeader, String(decoding: line, as: UTF8.self))
        text += "\n"
        text.reserveCapacity(text.utf8.count + rows.count * (widths.reduce(Self.gap * widths.count, +) + 1))
        for (index, row) in rows.enumerated() {
            line.removeAll(keepingCapacity: true)
            lay(columns.indices.map { Self.cell($0, of: row) }, row: index + 1, into: &line)
            text += String(decoding: line, as: UTF8.self)
            text += "\n"
        }
    }

    /// One row laid out into `bytes`, as UTF-8: `row` is its place in ``cellWidths`` (the header
    /// is 0), made a String once per line rather than grown piece by piece.
    private func lay(_ cells: [String], row: Int, into bytes: inout [UInt8]) {
        bytes.reserveCapacity(widths.reduce(Self.gap * cells.count, +) + 16)
        for index in cells.indices {
            let measured = cellWidths[row * columns.count + index]
            let cellWidth = measured == Self.unmeasured ? DisplayWidth.of(cells[index]) : Int(measured)
            let fits = cellWidth <= widths[index]
            let cell = fits ? cells[index] : DisplayWidth.truncate(cells[index], to: widths[index])
            let padding = max(0, widths[index] - (fits ? cellWidth : DisplayWidth.of(cell)))
            let isLast = index == cells.count - 1
            // The last leading-aligned cell is not padded: no trailing spaces.
            switch columns[index].alignment {
            case .trailing:
                bytes.append(contentsOf: repeatElement(0x20, count: padding))
                bytes.append(contentsOf: cell.utf8)
            case .leading:
                bytes.append(contentsOf: cell.utf8)
                if !isLast { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
            }
            if !isLast { bytes.append(contentsOf: repeatElement(0x20, count: Self.gap)) }
        }
        while bytes.last == 0x20 { bytes.removeLast() }
    }
}
