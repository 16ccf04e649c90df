/// A table: column headers and rows of cells, rendered aligned to the terminal's width.
public struct Table: Sendable, Equatable {
    /// How the cells of a column line up.
    public enum Alignment: Sendable, Equatable {
        /// Cells start at the column's left edge.
        case leading
        /// Cells end at the column's right edge (numbers, prices).
        case trailing
    }

    /// One column: its header and alignment.
    public struct Column: Sendable, Equatable {
        /// The header shown above the column.
        public var title: String
        /// How the column's cells line up.
        public var alignment: Alignment

        /// Creates a column with a header and an alignment (leading by default).
        public init(_ title: String, alignment: Alignment = .leading) {
            self.title = title
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows; each row has one cell per column (missing cells show empty).
    public var rows: [[String]]

    /// Creates a table from its columns and rows.
    public init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }
}
