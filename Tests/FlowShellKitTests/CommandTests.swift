import FlowShellKit
import Foundation
import Testing

@Suite struct CommandTests {
    let book = CommandDescription(
        name: "book", summary: "Book",
        arguments: [
            ArgumentDescription("CAR"), ArgumentDescription("HOURS", optional: true),
            ArgumentDescription("from", kind: .option, optional: true, valueName: "TIME"),
            ArgumentDescription("dry-run", kind: .flag, optional: true),
        ])

    @Test func usageListsArgumentsWithOptionalOnesInBrackets() {
        #expect(book.usage == "book CAR [HOURS] [--from TIME] [--dry-run]")
        #expect(
            CommandDescription(name: "filter", summary: "", arguments: [ArgumentDescription("TEXT", optional: true, takesRest: true)]).usage
                == "filter [TEXT]")
    }

    @Test func wordsAreSortedIntoPositionalsOptionsAndFlags() throws {
        let parsed = try ParsedArguments(["rio", "--from", "14:00", "3", "--dry-run"], for: book)
        #expect(parsed.positionals == ["rio", "3"])
        #expect(parsed.options == ["from": "14:00"])
        #expect(parsed.flags == ["dry-run"])
        #expect(try ParsedArguments(["--", "--rio"], for: book).positionals == ["--rio"])
        #expect(try ParsedArguments(["rio", "--from=9:00"], for: book).options == ["from": "9:00"])
    }

    @Test func aShortFormIsAnOptionOnlyWhereOneIsDeclared() throws {
        let history = CommandDescription(
            name: "history", summary: "",
            arguments: [
                ArgumentDescription("all", kind: .flag, optional: true, shortName: "a"),
                ArgumentDescription("output", kind: .option, optional: true, valueName: "FILE", shortName: "o"),
                ArgumentDescription("N", optional: true),
            ])
        #expect(history.usage == "history [-a] [-o FILE] [N]")
        let parsed = try ParsedArguments(["-a", "-o", "steps.fs", "-3"], for: history)
        #expect(parsed.flags == ["all"] && parsed.options == ["output": "steps.fs"] && parsed.positionals == ["-3"])
        #expect(try ParsedArguments(["--output", "x"], for: history).options == ["output": "x"], "the long form works too")
        #expect(throws: UserFacingError("no option '-x' — usage: history [-a] [-o FILE] [N]")) { try ParsedArguments(["-x"], for: history) }
        #expect(throws: UserFacingError("-o needs a value — usage: history [-a] [-o FILE] [N]")) {
            try ParsedArguments(["-o"], for: history)
        }
        // A command with no short form takes such a word as a word (`filter -x`).
        let filter = CommandDescription(name: "filter", summary: "", arguments: [ArgumentDescription("TEXT", optional: true)])
        #expect(try ParsedArguments(["-x"], for: filter).positionals == ["-x"])
    }

    @Test func aRequiredRestArgumentNeedsAWord() throws {
        // What a plugin may declare ({"name": "TEXT", "rest": true}): a linked screen's rest is optional.
        let add = CommandDescription(name: "add", summary: "", arguments: [ArgumentDescription("TEXT", takesRest: true)])
        #expect(throws: UserFacingError("missing TEXT — usage: add TEXT")) { try ParsedArguments([], for: add) }
        #expect(try ParsedArguments(["check", "the", "tyres"], for: add).positionals == ["check the tyres"])
    }

    @Test func wrongWordsAreExplainedWithTheUsage() {
        #expect(throws: UserFacingError("missing CAR — usage: book CAR [HOURS] [--from TIME] [--dry-run]")) {
            try ParsedArguments([], for: book)
        }
        #expect(throws: UserFacingError("too many arguments — usage: book CAR [HOURS] [--from TIME] [--dry-run]")) {
            try ParsedArguments(["a", "b", "c"], for: book)
        }
        #expect(throws: UserFacingError("--dry-run takes no value — usage: book CAR [HOURS] [--from TIME] [--dry-run]")) {
            try ParsedArguments(["a", "--dry-run=yes"], for: book)
        }
    }

    @Test func aRestArgumentTakesEveryRemainingWord() throws {
        let filter = CommandDescription(
            name: "filter", summary: "", arguments: [ArgumentDescription("TEXT", optional: true, takesRest: true)])
        #expect(try ParsedArguments(["Kia", "Rio"], for: filter).positionals == ["Kia Rio"])
        #expect(try ParsedArguments([], for: filter).positionals == [])
    }

    @Test func inputNamesAMissingKey() throws {
        let input = FeatureInput(["carID": "rio"])
        #expect(try input.require("carID") == "rio")
        #expect(throws: UserFacingError("missing input 'hours'")) { try input.require("hours") }
    }
}

@Suite struct ViewPropertiesCodingTests {
    @Test func viewPropertiesArePlainDataThatRoundTripsThroughJSON() throws {
        let properties = ViewProperties(
            title: "Gallery",
            content: [
                .heading("Heading"), .text("Text"), .list(["a", "b"], numbered: true),
                .table(
                    Table(
                        columns: [Table.Column("ID").keepingWidth(), Table.Column("Price").trailing(), Table.Column("Name").shrinking()],
                        rows: [["1", "9", "Kia"]])),
                .keyValue([KeyValue("Car", "Kia Rio")]), .message(.warning, "Careful"), .divider,
            ],
            commands: [CommandDescription(name: "go", summary: "Go", arguments: [ArgumentDescription("WHERE", values: ["up"])])],
            status: "ready")
        let data = try JSONEncoder().encode(properties)
        #expect(try JSONDecoder().decode(ViewProperties.self, from: data) == properties)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["title", "components", "commands", "status"])
    }

    @Test func anUnknownComponentKindIsRefused() {
        let json = #"{"title": "x", "components": [{"kind": "sparkles"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ViewProperties.self, from: Data(json.utf8)) }
    }
}
