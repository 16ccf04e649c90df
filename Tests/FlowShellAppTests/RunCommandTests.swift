import ArgumentParser
@testable import FlowShell
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import Testing

/// `run`'s options, declared once on ``RunCommand``, read as written.
@Suite struct RunCommandTests {
    @Test func everyOptionIsReadIntoItsOwnField() throws {
        let run = try RunCommand.parse([
            "--config", "a", "--history", "b", "--no-history", "--color", "never", "--output", "json", "--open", "/x",
            "--state", "c", "--fresh", "--restore", "--script", "d", "--clock", "1", "--clock-rate", "60", "--keep-going",
            "--data-dir", "e", "--record", "f",
        ])
        #expect(run.config == "a")
        #expect(run.history == "b")
        #expect(run.noHistory)
        #expect(run.color == .never)
        #expect(run.output == .json)
        #expect(run.open == "/x")
        #expect(run.state == "c")
        #expect(run.fresh)
        #expect(run.restore)
        #expect(run.script == "d")
        #expect(run.clock == 1)
        #expect(run.clockRate == 60)
        #expect(run.keepGoing)
        #expect(run.dataDir == "e")
        #expect(run.record == "f")
    }

    @Test func withNoOptionsEverythingIsItsDefault() throws {
        let run = try RunCommand.parse([])
        #expect(run.config == nil && run.history == nil && run.open == nil && run.state == nil && run.script == nil)
        #expect(run.clock == nil && run.clockRate == nil && run.dataDir == nil && run.record == nil)
        #expect(!run.noHistory && !run.fresh && !run.restore && !run.keepGoing)
        #expect(run.color == .auto && run.output == .text)
    }

    @Test(arguments: [
        ["--colour", "never"], ["--color", "purple"], ["--output", "yaml"], ["--clock", "soon"], ["--clock-rate", "fast"],
        ["--config"], ["--fresh=yes"], ["config.json"], ["--not-an-option"],
    ])
    func aMistakeIsRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try RunCommand.parse(arguments) }
    }
}
