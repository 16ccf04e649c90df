/// What a person sees on a terminal of `rows` × `columns` after a program wrote `text` to it: a
/// small emulator of the sequences the shell and libedit write (text that wraps at the last
/// column and scrolls at the last row, carriage return, newline, backspace, cursor up, down,
/// left and right, inserting and deleting characters, erasing to the end of the line or of the
/// screen; colours are ignored). Tests
/// read it to check what remains on the screen rather than what bytes went by.
package struct TerminalScreen {
    package let rows: Int
    package let columns: Int
    /// The rows that scrolled off the top, oldest first.
    package private(set) var scrolledOff: [String] = []
    private var cells: [[Character]]
    private var row = 0
    private var column = 0
    /// Whether the last character written filled the last column (the next one wraps first).
    private var wrapPending = false

    package init(rows: Int = 24, columns: Int = 80, showing text: String = "") {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        write(text)
    }

    /// The screen's rows, without trailing spaces.
    package var lines: [String] {
        cells.map { String($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
    }

    /// Everything shown since the start: the rows scrolled off, then the screen's, without the
    /// blank rows at its end.
    package var history: [String] {
        var all = scrolledOff + lines
        while all.last?.isEmpty == true { all.removeLast() }
        return all
    }

    mutating func write(_ text: String) {
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\r": column = 0; wrapPending = false
            case "\n": lineFeed()
            case "\u{08}": column = max(0, column - 1); wrapPending = false
            case "\u{07}": break
            case "\u{1B}": escape(&scalars)
            default:
                if scalar.value < 0x20 { continue }
                put(Character(scalar))
            }
        }
    }

    private mutating func put(_ character: Character) {
        if wrapPending {
            column = 0
            lineFeed()
            wrapPending = false
        }
        cells[row][column] = character
        if column == columns - 1 { wrapPending = true } else { column += 1 }
    }

    private mutating func lineFeed() {
        wrapPending = false
        if row == rows - 1 {
            scrolledOff.append(String(cells[0]).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression))
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    /// A control sequence after ESC: CSI with numeric parameters (the rest are skipped).
    private mutating func escape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let introducer = scalars.next() else { return }
        guard introducer == "[" else { return }
        var parameters = ""
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) {
                let count = max(1, Int(parameters.filter(\.isNumber)) ?? 1)
                let first = Int(parameters.split(separator: ";").first ?? "") ?? 0
                switch scalar {
                case "A": row = max(0, row - count); wrapPending = false
                case "B": row = min(rows - 1, row + count); wrapPending = false
                case "C": column = min(columns - 1, column + count); wrapPending = false
                case "D": column = max(0, column - count); wrapPending = false
                case "G": column = min(columns - 1, count - 1); wrapPending = false
                case "K": for index in column..<columns { cells[row][index] = " " }
                case "@":
                    // Insert blanks at the cursor, the rest of the row moving right.
                    let moved = Array(cells[row][column...].dropLast(min(count, columns - column)))
                    cells[row].replaceSubrange(column..., with: Array(repeating: " ", count: min(count, columns - column)) + moved)
                case "P":
                    // Delete characters at the cursor, the rest of the row moving left.
                    let kept = Array(cells[row][min(columns, column + count)...])
                    cells[row].replaceSubrange(column..., with: kept + Array(repeating: " ", count: columns - column - kept.count))
                case "J":
                    guard first == 0 else { break }
                    for index in column..<columns { cells[row][index] = " " }
                    for below in (row + 1)..<rows { cells[below] = Array(repeating: " ", count: columns) }
                default: break
                }
                return
            }
            parameters.unicodeScalars.append(scalar)
        }
    }
}
