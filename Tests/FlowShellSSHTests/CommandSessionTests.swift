import FlowShellKit
import FlowShellRuntime
@testable import FlowShellSSH
import FlowShellServing
import FlowShellTerminal
import Testing

/// Tells a test that a slow command started.
final class SlowStart: Sendable {
    let started: AsyncStream<Void>
    let signal: AsyncStream<Void>.Continuation

    init() {
        (started, signal) = AsyncStream<Void>.makeStream()
    }
}

/// A screen with a command that runs until cancelled, saying it started, and one that counts.
struct ExecDemoScreen: Screen {
    static let id = "exec.home"
    static let title = "Home"

    let start: SlowStart?

    init(input: Nothing, context: ScreenContext) {
        start = try? context.services.resolve(SlowStart.self)
    }

    func load() -> Int { 0 }

    static let commands: [ScreenCommand<Self>] = [
        .command("slow", "Runs until cancelled") { screen, count, _ in
            screen.start?.signal.yield()
            try await Task.sleep(for: .seconds(24 * 60 * 60))
            count = 99
        },
        .command("count", "Counts") { _, count, _ in count += 1 },
    ]

    static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: title, content: [.text("count \(count)")])
    }
}

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
    @Test(.timeLimit(.minutes(2)))
    func ctrlCCancelsTheRunningLineAndTheNextRuns() async throws {
        let start = SlowStart()
        let module = FeatureModule(name: "ExecDemo", screens: [ExecDemoScreen.self]) { container, _ in
            container.register(start)
        }
        let runtime = try await FlowRuntime.start(
            config: #"{"app": "exec", "root": "exec.home", "modules": ["ExecDemo"]}"#, modules: [module])
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
