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

    @Test(
        arguments: [
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
        #expect(
            json == #"{"columns":[{"alignment":"leading","keepsWidth":false,"shrinksFirst":false,"title":"ID"}],"kind":"table","rows":"#
                + written + "}")
        #expect(try JSONDecoder().decode(Component.self, from: Data(json.utf8)) == table)
    }

    @Test func theWireFormatOfATableIsUnchanged() throws {
        let table = Component.table(Table(columns: [Table.Column("N").trailing()], rows: [["1", "one"], ["2"], []]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(table), as: UTF8.self)
        #expect(
            json
                == #"{"columns":[{"alignment":"trailing","keepsWidth":false,"shrinksFirst":false,"title":"N"}],"kind":"table","rows":[["1","one"],["2"],[]]}"#
        )
    }
}

/// What a table's rows open and offer, a primary command and a choice: plain data in
/// ViewProperties, encoded for `--output json` and plugins, read back the same, and left out of
/// the encoding where not said (so that a screen that says none encodes as before).
@Suite struct ClickableViewPropertiesTests {
    @Test func rowsOpenAndOfferCommandsWithTheCellOfOneColumn() throws {
        let table = Table(columns: [Table.Column("Code"), Table.Column("Car")], rows: [["BK-1", "Kia Rio"]])
            .rowsOpen("show", withColumn: 0).rowsOffer("cancel", "extend")
        #expect(table.rowCommands == Table.RowCommands(column: 0, opens: "show", offers: ["cancel", "extend"]))
        #expect(Table(columns: [], rows: []).rowCommands == nil)
        #expect(table != Table(columns: [Table.Column("Code"), Table.Column("Car")], rows: [["BK-1", "Kia Rio"]]))

        let encoded = try JSONEncoder().encode(Component.table(table))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let commands = try #require(object["rowCommands"] as? [String: Any])
        #expect(
            commands["column"] as? Int == 0 && commands["opens"] as? String == "show"
                && commands["offers"] as? [String] == ["cancel", "extend"])
        #expect(try JSONDecoder().decode(Component.self, from: encoded) == .table(table))

        let plain = try JSONEncoder().encode(Component.table(Table(columns: [Table.Column("A")], rows: [["a"]])))
        #expect(!String(decoding: plain, as: UTF8.self).contains("rowCommands"))
        let offersOnly = try JSONDecoder().decode(
            Component.self, from: Data(#"{"kind": "table", "columns": [], "rows": [], "rowCommands": {"offers": ["cancel"]}}"#.utf8))
        #expect(offersOnly == .table(Table(columns: [], rows: []).rowsOffer("cancel")))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Component.self, from: Data(#"{"kind": "table", "columns": [], "rows": [], "rowCommands": {"column": -1}}"#.utf8))
        }
    }

    @Test func aPrimaryCommandAndAChoiceAreSaidOnlyWhenTheyAre() throws {
        let sort = CommandDescription(
            name: "sort", summary: "Order", arguments: [ArgumentDescription("ORDER", values: ["price", "name"], choice: true)])
        let confirm = CommandDescription(name: "confirm", summary: "Confirm", primary: true)
        let plain = CommandDescription(name: "refresh", summary: "Again", arguments: [ArgumentDescription("N", values: ["1"])])
        let text = String(decoding: try JSONEncoder().encode([sort, confirm, plain]), as: UTF8.self)
        #expect(text.components(separatedBy: #""primary":true"#).count == 2)
        #expect(text.components(separatedBy: #""choice":true"#).count == 2)
        #expect(!text.contains(#""primary":false"#) && !text.contains(#""choice":false"#))
        #expect(try JSONDecoder().decode([CommandDescription].self, from: Data(text.utf8)) == [sort, confirm, plain])
    }
}
