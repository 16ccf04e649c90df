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
        /// Whether this column gives up width first when the table is too wide (a long name,
        /// say); its cells are cut with an ellipsis.
        public var shrinksFirst: Bool
        /// Whether this column keeps its width as long as any other can give (ids people type).
        public var keepsWidth: Bool

        /// Creates a column with a header and an alignment (leading by default).
        public init(_ title: String, alignment: Alignment = .leading, shrinksFirst: Bool = false, keepsWidth: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.shrinksFirst = shrinksFirst
            self.keepsWidth = keepsWidth
        }

        /// This column, right-aligned (for numbers and prices).
        public func trailing() -> Column {
            var column = self
            column.alignment = .trailing
            return column
        }

        /// This column, marked to keep its width while any other column can give.
        public func keepingWidth() -> Column {
            var column = self
            column.keepsWidth = true
            return column
        }

        /// This column, marked to give up width first when the table is too wide.
        public func shrinking() -> Column {
            var column = self
            column.shrinksFirst = true
            return column
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
