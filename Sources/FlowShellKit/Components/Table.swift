/// A table: column headers and rows of cells, rendered aligned to the terminal's width.
///
/// Build one from its rows, or row by row with ``append(row:)``:
///
/// ```swift
/// Table(columns: [Table.Column("ID"), Table.Column("Price").trailing()],
///       rows: cars.map { [$0.id, "\($0.price)/h"] })
/// ```
///
/// and read them back through ``rows``: `table.rows[0][1]` is the first row's second cell.
/// Two tables are equal when their columns, their rows (cell by cell) and their row commands are.
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
    /// The commands its rows stand for, for a View a person clicks (``rowsOpen(_:withColumn:)``,
    /// ``rowsOffer(_:withColumn:)``); nil: its rows are data only.
    public var rowCommands: RowCommands?
    /// Every row's cells, one row after another, in one array for the whole table rather than an
    /// array per row, so that a row of short cells carries no allocation of its own
    /// (docs/performance.md, "A plugin's large view").
    private var cells: [String]
    /// Where each row ends in `cells`: a row may have fewer cells than there are columns, or
    /// more, and keeps them as given.
    private var rowEnds: [Int]

    /// Creates a table from its columns and rows; each row has one cell per column (missing
    /// cells show empty).
    public init(columns: [Column], rows: [[String]]) {
        self.init(columns: columns)
        reserveCapacity(rows: rows.count, cells: rows.reduce(0) { $0 + $1.count })
        for row in rows { append(row: row) }
    }

    /// Creates a table of no rows yet, to fill with ``append(row:)``.
    public init(columns: [Column]) {
        self.columns = columns
        self.cells = []
        self.rowEnds = []
    }

    /// The rows, top to bottom, each a collection of its cells.
    public var rows: Rows { Rows(cells: cells, rowEnds: rowEnds) }

    /// Adds a row below the others.
    public mutating func append(row: some Collection<String>) {
        cells.append(contentsOf: row)
        rowEnds.append(cells.count)
    }

    /// Makes room for `rows` more rows of `cells` cells in all, so that a table built row by row
    /// is not copied as it grows.
    public mutating func reserveCapacity(rows: Int, cells: Int) {
        rowEnds.reserveCapacity(rowEnds.count + rows)
        self.cells.reserveCapacity(self.cells.count + cells)
    }
}
