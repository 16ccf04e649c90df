import FlowShellKit
import Testing

@Suite struct CommandTests {
    @Test func usageListsArgumentsWithOptionalOnesInBrackets() {
        let command = Command("book", summary: "Book", arguments: [CommandArgument("CAR"), CommandArgument("HOURS", optional: true)]) { _ in }
        #expect(command.usage == "book CAR [HOURS]")
    }

    @Test func argumentsExplainWhatIsMissingOrWrong() throws {
        let arguments = CommandArguments(usage: "hours HOURS", values: ["x"])
        #expect(try arguments.required(0, "HOURS") == "x")
        #expect(throws: UserFacingError("missing OTHER — usage: hours HOURS")) { try arguments.required(1, "OTHER") }
        #expect(throws: UserFacingError("HOURS must be a whole number from 1 to 72, not 'x'")) {
            try arguments.integer(0, "HOURS", in: 1...72)
        }
        #expect(try CommandArguments(usage: "h", values: ["72"]).integer(0, "HOURS", in: 1...72) == 72)
        #expect(throws: UserFacingError("HOURS must be a whole number from 1 to 72, not '73'")) {
            try CommandArguments(usage: "h", values: ["73"]).integer(0, "HOURS", in: 1...72)
        }
        #expect(throws: UserFacingError("too many arguments — usage: hours HOURS")) { try arguments.expectAtMost(0) }
        #expect(arguments.optional(0) == "x")
        #expect(arguments.optional(1) == nil)
    }

    @Test func viewPropertiesCompareCommandsBySignature() {
        let first = ViewProperties(title: "A", commands: [Command("go", summary: "Go") { _ in }])
        let same = ViewProperties(title: "A", commands: [Command("go", summary: "Go") { _ in }])
        let other = ViewProperties(title: "A", commands: [Command("go", summary: "Go elsewhere") { _ in }])
        #expect(first == same)
        #expect(first != other)
        #expect(first.command(named: "go")?.summary == "Go")
        #expect(first.command(named: "stay") == nil)
    }

    @Test func inputNamesAMissingKey() throws {
        let input = FeatureInput(["carID": "rio"])
        #expect(try input.require("carID") == "rio")
        #expect(throws: UserFacingError("missing input 'hours'")) { try input.require("hours") }
    }
}
