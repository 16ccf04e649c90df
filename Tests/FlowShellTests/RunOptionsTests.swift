import ArgumentParser
@testable import FlowShell
import Testing

/// `flowshell run`'s options read without ArgumentParser, for a plain command line, must be
/// what ArgumentParser reads from it; anything else is left to ArgumentParser.
@Suite struct RunOptionsTests {
    /// What ArgumentParser reads from `arguments` (after `run`).
    func parsed(_ arguments: [String]) throws -> RunOptions {
        try RunCommand.parse(arguments).runOptions
    }

    @Test(arguments: [
        ["--config", "flows/app.json"], ["--config=flows/app.json"],
        ["--history", "h.txt"], ["--no-history"],
        ["--color", "never"], ["--color=always"], ["--color", "auto"],
        ["--output", "json"], ["--output=text"],
        ["--open", "/cars/rio"], ["--open=/cars/rio"],
        ["--state", "nav.json"], ["--fresh"], ["--restore"],
        ["--script", "lines.txt"], ["--keep-going"],
        ["--clock", "1700000000"], ["--clock=12.5"],
        ["--data-dir", "data"], ["--record", "session.jsonl"],
        ["--config", "c.json", "--state", "s.json", "--data-dir", "d", "--no-history"],
        ["--fresh", "--color=never", "--open", "/bookings", "--output", "json", "--keep-going", "--restore", "--clock", "5",
         "--script", "a", "--record", "b", "--history", "c"],
        [],
    ])
    func aPlainCommandLineIsReadAsArgumentParserReadsIt(arguments: [String]) throws {
        let plain = try #require(RunOptions(plainArguments: arguments))
        #expect(plain == (try parsed(arguments)))
        #expect(RunOptions(plainArguments: ["run"] + arguments) == plain)
    }

    @Test func optionsThatAreSetDifferFromTheDefaults() throws {
        // So that the comparison above would notice an option read into the wrong field.
        let everything = try #require(RunOptions(plainArguments: [
            "--config", "a", "--history", "b", "--no-history", "--color", "never", "--output", "json", "--open", "/x",
            "--state", "c", "--fresh", "--restore", "--script", "d", "--clock", "1", "--keep-going", "--data-dir", "e",
            "--record", "f",
        ]))
        #expect(everything == RunOptions(config: "a", history: "b", noHistory: true, color: .never, output: .json, open: "/x",
                                         state: "c", fresh: true, restore: true, script: "d", clock: 1, keepGoing: true,
                                         dataDir: "e", record: "f"))
        #expect(RunOptions(plainArguments: []) == RunOptions())
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["check"], ["run", "--help"], ["--version"],
        ["--colour", "never"], ["--color", "purple"], ["--output", "yaml"], ["--clock", "soon"], ["--clock", "inf"],
        ["--config"], ["--config", "--fresh"], ["--config="], ["--fresh", "--fresh"], ["--fresh=yes"],
        ["config.json"], ["--"], ["--", "--fresh"], ["--state", "-"], ["-c", "x"], ["--config", "a", "--config", "b"],
        ["--not-an-option"],
    ])
    func anythingElseIsLeftToArgumentParser(arguments: [String]) {
        #expect(RunOptions(plainArguments: arguments) == nil)
    }
}
