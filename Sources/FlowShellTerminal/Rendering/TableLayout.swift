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
    let rows: [[String]]
    let widths: [Int]
    /// The display width of every cell, header first, measured once.
    private let cellWidths: [[Int]]

    init(table: Table, width: Int) {
        let header = table.columns.map { TextSanitizer.clean($0.title) }
        let rows = table.rows.map { row in table.columns.indices.map { $0 < row.count ? TextSanitizer.clean(row[$0]) : "" } }
        let cellWidths = ([header] + rows).map { $0.map(DisplayWidth.of) }
        var widths = [Int](repeating: 0, count: table.columns.count)
        for row in cellWidths {
            for index in row.indices { widths[index] = max(widths[index], row[index]) }
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
        self.rows = rows
        self.widths = widths
        self.cellWidths = cellWidths
    }

    func lines(styler: TextStyler) -> [String] {
        [styler.apply(.tableHeader, line(header, widths: cellWidths[0]))]
            + rows.indices.map { line(rows[$0], widths: cellWidths[$0 + 1]) }
    }

    /// One row laid out; `cellWidths` are its cells' display widths. Built as UTF-8 bytes
    /// and made a string once, rather than grown and copied piece by piece for every cell.
    private func line(_ cells: [String], widths cellWidths: [Int]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(widths.reduce(Self.gap * cells.count, +) + 16)
        for index in cells.indices {
            let fits = cellWidths[index] <= widths[index]
            let cell = fits ? cells[index] : DisplayWidth.truncate(cells[index], to: widths[index])
            let padding = max(0, widths[index] - (fits ? cellWidths[index] : DisplayWidth.of(cell)))
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
        return String(decoding: bytes, as: UTF8.self)
    }
}
