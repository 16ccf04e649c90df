import FlowShellKit
import Foundation
import Testing

/// A table keeps its cells in one array for all its rows; built from rows or row by row, it
/// reads back, compares and encodes as the rows it was given.
@Suite struct TableTests {
    private let columns = [Table.Column("ID"), Table.Column("Name")]

    @Test func rowsReadBackAsGivenEvenWhenUneven() {
        let table = Table(columns: columns, rows: [["rio", "Kia Rio"], ["zoe"], [], ["leaf", "Nissan Leaf", "extra"]])
        #expect(table.rows.count == 4)
        #expect(table.rows.map(\.count) == [2, 1, 0, 3])
        #expect(table.rows[0] == ["rio", "Kia Rio"])
        #expect(table.rows[1] == ["zoe"])
        #expect(table.rows[2].isEmpty)
        // Each row is indexed from 0, wherever its cells lie in the table.
        #expect(table.rows[3][0] == "leaf")
        #expect(table.rows[3][2] == "extra")
        #expect(Array(table.rows[3]) == ["leaf", "Nissan Leaf", "extra"])
        #expect(table.rows.last == ["leaf", "Nissan Leaf", "extra"])
    }

    @Test func aTableBuiltRowByRowEqualsOneBuiltFromItsRows() {
        var built = Table(columns: columns)
        built.reserveCapacity(rows: 3, cells: 3)
        built.append(row: ["rio", "Kia Rio"])
        built.append(row: [String]())
        built.append(row: ["zoe"])
        #expect(built == Table(columns: columns, rows: [["rio", "Kia Rio"], [], ["zoe"]]))
    }

    @Test func tablesAreEqualOnlyWithTheSameColumnsAndRows() {
        let table = Table(columns: columns, rows: [["a", "b"], ["c"]])
        #expect(table == Table(columns: columns, rows: [["a", "b"], ["c"]]))
        // The same cells split into other rows are another table.
        #expect(table != Table(columns: columns, rows: [["a"], ["b", "c"]]))
        #expect(table != Table(columns: columns, rows: [["a", "b", "c"]]))
        #expect(table != Table(columns: columns, rows: [["a", "b"], ["c"], []]))
        #expect(table != Table(columns: columns, rows: [["a", "b"], ["d"]]))
        #expect(table != Table(columns: [Table.Column("ID"), Table.Column("Name").trailing()], rows: [["a", "b"], ["c"]]))
    }

    @Test func emptyTables() {
        let noRows = Table(columns: columns, rows: [])
        #expect(noRows.rows.isEmpty)
        #expect(noRows == Table(columns: columns))
        #expect(noRows != Table(columns: columns, rows: [[]]))
        let nothing = Table(columns: [], rows: [])
        #expect(nothing.columns.isEmpty)
        #expect(nothing.rows.isEmpty)
    }

    @Test(arguments: [
        [["rio", "Kia Rio"], ["zoe"], [], ["leaf", "Nissan Leaf", "extra"]],
        [],
        [[]],
        [["ünï", "\"quoted\"\n"]],
    ] as [[[String]]])
    func aTableEncodesAsItsRowsAndDecodesBack(_ rows: [[String]]) throws {
        let table = Component.table(Table(columns: [Table.Column("ID")], rows: rows))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try #require(String(data: try encoder.encode(table), encoding: .utf8))
        let written = try #require(String(data: try encoder.encode(rows), encoding: .utf8))
        #expect(json == #"{"columns":[{"alignment":"leading","keepsWidth":false,"shrinksFirst":false,"title":"ID"}],"kind":"table","rows":"#
            + written + "}")
        #expect(try JSONDecoder().decode(Component.self, from: Data(json.utf8)) == table)
    }

    @Test func theWireFormatOfATableIsUnchanged() throws {
        let table = Component.table(Table(columns: [Table.Column("N").trailing()], rows: [["1", "one"], ["2"], []]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(table), as: UTF8.self)
        #expect(json == #"{"columns":[{"alignment":"trailing","keepsWidth":false,"shrinksFirst":false,"title":"N"}],"kind":"table","rows":[["1","one"],["2"],[]]}"#)
    }
}
