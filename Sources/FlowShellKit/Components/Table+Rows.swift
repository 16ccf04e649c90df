extension Table {
    /// A table's rows, top to bottom, indexed from 0; each a ``Row``.
    public struct Rows: RandomAccessCollection, Sendable, Encodable {
        /// Every row's cells, one row after another (the table's own storage, not a copy).
        private let cells: [String]
        /// Where each row ends in `cells`.
        private let rowEnds: [Int]

        init(cells: [String], rowEnds: [Int]) {
            self.cells = cells
            self.rowEnds = rowEnds
        }

        /// The first row's position: 0.
        public var startIndex: Int { 0 }
        /// One past the last row's position: the number of rows.
        public var endIndex: Int { rowEnds.count }

        /// The row at `position`.
        public subscript(position: Int) -> Row {
            let start = position == 0 ? 0 : rowEnds[position - 1]
            return Row(cells: cells[start..<rowEnds[position]])
        }

        /// Encodes the rows as an array of arrays of strings.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for row in self { try container.encode(row) }
        }
    }

    /// One row's cells, left to right, indexed from 0. It compares equal to an array literal of
    /// the same cells: `table.rows[0] == ["rio", "Kia Rio"]`.
    public struct Row: RandomAccessCollection, Equatable, Sendable, Encodable, ExpressibleByArrayLiteral {
        private let cells: ArraySlice<String>

        init(cells: ArraySlice<String>) {
            self.cells = cells
        }

        /// A row of these cells.
        public init(arrayLiteral cells: String...) {
            self.cells = cells[...]
        }

        /// The first cell's position: 0.
        public var startIndex: Int { 0 }
        /// One past the last cell's position: the number of cells.
        public var endIndex: Int { cells.count }

        /// The cell at `position`.
        public subscript(position: Int) -> String {
            cells[cells.startIndex + position]
        }

        /// Encodes the row as an array of strings.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(contentsOf: cells)
        }
    }
}
