import FlowShellKit
import Testing

@testable import FlowShellMCP

/// A command as an agent calls it: the schema of its arguments, and the line they make.
@Suite struct CommandSchemaTests {
    let book = CommandDescription(
        name: "book", summary: "Book a car",
        arguments: [
            ArgumentDescription("CAR-ID", values: ["rio", "zoe"]),
            ArgumentDescription("HOURS", optional: true),
            ArgumentDescription("from", kind: .option, optional: true),
            ArgumentDescription("all", kind: .flag, optional: true),
        ])

    @Test func valuesBecomeAnEnumAFlagABooleanAndWhatIsNeededIsRequired() {
        let schema = CommandSchema.of(book)
        #expect(schema["type"] == "object")
        #expect(schema["properties"]?["CAR-ID"] == ["type": "string", "enum": ["rio", "zoe"]])
        #expect(schema["properties"]?["HOURS"] == ["type": "string"])
        #expect(schema["properties"]?["all"] == ["type": "boolean"])
        #expect(schema["required"] == ["CAR-ID"])
        #expect(CommandSchema.of(CommandDescription(name: "back", summary: ""))["required"] == nil)
    }

    @Test func aNumbersSuggestedValuesAreExamplesNotTheOnlyValues() {
        let hours = CommandDescription(
            name: "hours", summary: "Set the hours",
            arguments: [ArgumentDescription("HOURS", values: ["1", "2", "24"], range: 1...72)])
        #expect(
            CommandSchema.of(hours)["properties"]?["HOURS"]
                == [
                    "type": "string", "pattern": "^-?[0-9]+$", "description": "a whole number from 1 to 72",
                    "examples": ["1", "2", "24"],
                ])
    }

    @Test func argumentsMakeTheLineAPersonWouldType() throws {
        #expect(try CommandSchema.line(book, arguments: ["CAR-ID": "rio"]) == "book rio")
        #expect(
            try CommandSchema.line(book, arguments: ["CAR-ID": "rio", "HOURS": 3, "all": true, "from": "10:00"])
                == "book rio 3 --from 10:00 --all")
        #expect(try CommandSchema.line(book, arguments: ["CAR-ID": "rio", "all": false]) == "book rio")
    }

    @Test func aValueIsOneWordWhateverItHolds() throws {
        #expect(try CommandSchema.line(book, arguments: ["CAR-ID": "a b > c | d # e"]) == "book 'a b > c | d # e'")
        #expect(try CommandSchema.line(book, arguments: ["CAR-ID": "it's"]) == #"book 'it'\''s'"#)
        #expect(try CommandSchema.line(book, arguments: ["CAR-ID": ""]) == "book ''")
    }

    @Test func argumentsThatMakeNoLineAreToldInTheCommandsWords() {
        #expect(throws: CommandSchema.Mismatch.self) { try CommandSchema.line(book, arguments: [:]) }
        #expect(throws: CommandSchema.Mismatch.self) { try CommandSchema.line(book, arguments: ["CAR-ID": "rio", "colour": "red"]) }
        #expect(throws: CommandSchema.Mismatch.self) { try CommandSchema.line(book, arguments: ["CAR-ID": "rio", "all": "yes"]) }
        #expect(throws: CommandSchema.Mismatch.self) { try CommandSchema.line(book, arguments: ["CAR-ID": ["rio"]]) }
        do {
            _ = try CommandSchema.line(book, arguments: ["CAR-ID": "rio", "colour": "red"])
        } catch {
            #expect(
                error.message
                    == "book has no argument colour (it takes CAR-ID, HOURS, from, all; usage: book CAR-ID [HOURS] [--from FROM] [--all])")
        }
    }
}
