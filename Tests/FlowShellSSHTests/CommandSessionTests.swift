import FlowShellKit
import FlowShellRuntime
@testable import FlowShellSSH
import FlowShellServing
import FlowShellTerminal
import FlowShellTestSupport
import Testing

/// What a command writes.
@MainActor
final class KeptConsole: Console {
    var output = ""
    var errors = ""
    func write(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
}

/// `ssh HOST 'LINE'`: its lines run on the session's loop, which hears Ctrl-C while one runs.
@MainActor
@Suite struct CommandSessionTests {
    @Test(.timeLimit(.minutes(5)))
    func ctrlCCancelsTheRunningLineAndTheNextRuns() async throws {
        let start = SlowStarts()
        let runtime = try await FlowRuntime.start(
            config: SlowScreen.flow, modules: [SlowScreen.module(telling: start)])
        let console = KeptConsole()
        let command = CommandSession(
            ServedSession(frontEnd: "ssh exec", id: "1"), runtime: runtime, console: console, columns: nil, terminalType: nil,
            guards: ServerGuards(withholding: []))
        let running = Task { await command.run("slow\ncount") }
        var started = start.started.makeAsyncIterator()
        await started.next()
        command.interrupt()
        let status = await running.value
        #expect(status == 0, "a cancelled line is not a failed one")
        #expect(console.errors == "! line 1: cancelled\n")
        #expect(console.output.contains("count 1"), "the next line ran")
        #expect(!console.output.contains("count 99"))
    }
}
