@testable import FlowExplorer
import FlowShellKit
import Testing

/// The values `test` types for a command's arguments.
@Suite struct CommandVariantsTests {
    @Test func eachValueOfEachArgumentOnceWithTheOthersAtTheirFirst() {
        let command = CommandDescription(
            name: "book", summary: "",
            arguments: [
                ArgumentDescription("CAR", values: ["rio", "zoe"]),
                ArgumentDescription("HOURS", values: ["1", "2", "3"]),
                ArgumentDescription("NOTE", optional: true, takesRest: true),
                ArgumentDescription("from", kind: .option, optional: true, values: ["0", "24"], valueName: "HOURS"),
                ArgumentDescription("quiet", kind: .flag, optional: true),
            ])
        let variants = CommandVariants(command, on: "s", examples: ["rio 1 a note with spaces"], limit: 16, sample: SeededSample(seed: 1))
        #expect(
            variants.lines == [
                "book rio 1", "book zoe 1", "book rio 2", "book rio 3", "book rio 1 --from 0", "book rio 1 --from 24",
                "book rio 1 --quiet", "book rio 1 a note with spaces",
            ])
        #expect(variants.untried == nil)
    }

    @Test func freeTextIsTriedOnlyWithTheConfigsExamples() {
        let login = CommandDescription(name: "login", summary: "", arguments: [ArgumentDescription("NAME")])
        #expect(CommandVariants(login, on: "auth.login", examples: [], limit: 16, sample: SeededSample(seed: 1)).lines.isEmpty)
        #expect(
            CommandVariants(login, on: "auth.login", examples: [], limit: 16, sample: SeededSample(seed: 1)).untried
                == "NAME offers no value here, and the config gives no example (examples)")
        #expect(
            CommandVariants(login, on: "auth.login", examples: ["alice", "'bob smith'"], limit: 16, sample: SeededSample(seed: 1)).lines
                == ["login alice", "login 'bob smith'"])
    }

    @Test func aValueWithSpacesIsTypedSoThatItReadsBackAsOneWord() {
        let filter = CommandDescription(name: "pick", summary: "", arguments: [ArgumentDescription("NAME", values: ["Kia Rio", "it's"])])
        #expect(
            CommandVariants(filter, on: "s", examples: [], limit: 16, sample: SeededSample(seed: 1)).lines == [
                #"pick Kia\ Rio"#, #"pick it\'s"#,
            ])
    }

    @Test func beyondTheLimitTheSeedChoosesTheSameValuesEveryTime() {
        let values = (1...40).map { "v\($0)" }
        let command = CommandDescription(name: "pick", summary: "", arguments: [ArgumentDescription("V", values: values)])
        let one = CommandVariants(command, on: "s", examples: [], limit: 5, sample: SeededSample(seed: 7)).lines
        #expect(one.count == 5)
        #expect(one == CommandVariants(command, on: "s", examples: [], limit: 5, sample: SeededSample(seed: 7)).lines)
        #expect(one != CommandVariants(command, on: "s", examples: [], limit: 5, sample: SeededSample(seed: 8)).lines)
        // In the order offered.
        #expect(one.map { Int($0.dropFirst("pick v".count)) ?? 0 } == one.map { Int($0.dropFirst("pick v".count)) ?? 0 }.sorted())
    }

    /// A step is one line of a finding's script: a value holding a line break (one a module
    /// offers) never becomes a second line, a command nobody typed.
    @Test func aStepWithALineBreakNeverBecomesTwoLinesOfTheScript() {
        let finding = ExplorationReport.Finding(
            kind: .commandFailed, message: "it failed\nshell touch Y", path: nil, line: nil, column: nil,
            steps: ["select rio", "login alice # \nshell touch X", "confirm"], alsoOn: 0)
        let script = finding.reproductionScript(at: "flow.json:3:5", replay: "shell --script f", runAtPrompt: "run f")
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("shell touch") })
        #expect(lines.filter { !$0.hasPrefix("#") } == ["select rio", ""])
        #expect(lines.contains("# step 2 holds U+000A LINE FEED, which a line of a script cannot hold: the script stops here"))
    }
}
