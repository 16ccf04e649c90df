@testable import FlowCoordinator
@testable import FlowShell
import FlowShellKit
import LineEditor
import Synchronization
import Testing

/// Lines typed by a test, then the end of input.
@MainActor
final class ScriptedReader: LineReader {
    var lines: [String]
    var remembered: [String] = []
    var prompts: [String] = []

    init(_ lines: [String]) { self.lines = lines }

    func readLine(prompt: String) -> LineReadResult {
        prompts.append(prompt)
        return lines.isEmpty ? .end : .line(lines.removeFirst())
    }

    func remember(_ line: String) { remembered.append(line) }
}

@MainActor
final class RecordingConsole: Console {
    var output = ""
    var errors = ""
    func write(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
}

/// A module whose screen has a command that fails, one that runs until cancelled, and one
/// that changes the screen.
enum ShellDemoModule: FeatureModule {
    static let name = "ShellDemo"
    static var features: [FeatureRegistration] {
        [FeatureRegistration(id: "shell.home", title: "Home", events: [EventDeclaration("go")], commands: ["fail", "slow", "count", "go"]) { context in
            let updater = ShellDemoUpdater(state: 0)
            updater.emit = context.emitter
            return updater.makeScreen(featureID: "shell.home", owning: updater)
        }]
    }
}

final class ShellDemoUpdater: Updater<Int> {
    var emit: (@MainActor (String, [String: String]) -> Void)?

    override func makeViewProperties(for state: Int) -> ViewProperties {
        ViewProperties(title: "Home", content: [.text("count \(state)")], commands: [
            Command("fail", summary: "Fails") { _ in throw UserFacingError("it broke") },
            Command("slow", summary: "Runs until cancelled") { [weak self] _ in
                try await Task.sleep(for: .seconds(24 * 60 * 60))
                self?.mutate { $0 = 99 }
            },
            Command("count", summary: "Counts") { [weak self] _ in self?.mutate { $0 += 1 } },
            Command("go", summary: "Emits go") { [weak self] _ in self?.emit?("go", [:]) },
        ])
    }
}

@MainActor
@Suite struct ShellTests {
    private func makeShell(_ lines: [String], interactive: Bool = false,
                           takeInterrupt: @escaping @Sendable () -> Bool = { false }) async throws -> (Shell, ScriptedReader, RecordingConsole) {
        let manifest = Manifest(app: "demo", root: "shell.home", modules: ["ShellDemo"], transitions: [])
        let flow = AppFlowCoordinator(manifest: manifest, catalog: FeatureCatalog([ShellDemoModule.self]))
        try await flow.start()
        let reader = ScriptedReader(lines)
        let console = RecordingConsole()
        let output = TextOutput(console: console, interactive: interactive, colour: false) { 60 }
        let shell = Shell(flow: flow, reader: reader, output: output, interactive: interactive, colour: false,
                          takeInterrupt: takeInterrupt)
        return (shell, reader, console)
    }

    @Test func showsTheScreenAndOnlyWhatChanges() async throws {
        let (shell, reader, console) = try await makeShell(["count", "where", "", "count"])
        let failures = await shell.run()
        #expect(failures == 0)
        #expect(console.output == """
        Home
        count 0
        commands: fail, slow, count, go — help for more
        Home
        count 1
        commands: fail, slow, count, go — help for more
        1. Home (shell.home)
        Home
        count 2
        commands: fail, slow, count, go — help for more

        """)
        #expect(console.errors == "")
        #expect(reader.remembered == ["count", "where", "", "count"])
        #expect(reader.prompts.allSatisfy { $0 == "" }, "no prompt when not interactive")
    }

    @Test func mistakesAreNamedAndCountedAndTheShellGoesOn() async throws {
        let (shell, _, console) = try await makeShell(["bogus", "fail", "help nothing", "back", "where now", "filter 'open", "go", "count"])
        let failures = await shell.run()
        #expect(failures == 6)
        #expect(console.errors == """
        ✗ unknown command 'bogus' here — try help
        ✗ it broke
        ✗ no command 'nothing' here — try help
        ✗ already at the first screen — nothing to go back to
        ✗ too many arguments — usage: where
        ✗ cannot read that line: unterminated quote
        ! 'go' from shell.home leads nowhere in this flow; nothing changed

        """)
        #expect(console.output.hasSuffix("count 1\ncommands: fail, slow, count, go — help for more\n"))
    }

    @Test func quitStopsReadingAndInteractiveShowsThePrompt() async throws {
        let (shell, reader, _) = try await makeShell(["quit", "count"], interactive: true)
        _ = await shell.run()
        #expect(reader.lines == ["count"])
        #expect(reader.prompts == ["Home › "])
    }

    @Test func helpListsScreenThenGlobalCommands() async throws {
        let (shell, _, console) = try await makeShell(["help", "help count", "help quit"])
        _ = await shell.run()
        #expect(console.output.contains("""
        Commands on this screen (Home):
          fail            Fails
          slow            Runs until cancelled
          count           Counts
          go              Emits go
        Global commands:
          help [COMMAND]  List this screen's commands, or show how
                          to use one
        """), "summaries wrap under themselves at the width")
        #expect(console.output.contains("usage: count\n  Counts\n"))
        #expect(console.output.contains("usage: quit\n  Leave the shell\n"))
    }

    @Test(.timeLimit(.minutes(2)))
    func ctrlCCancelsARunningCommandAndKeepsTheScreen() async throws {
        // The first poll is the shell discarding a stale Ctrl-C; the next ones report one.
        let polls = Atomic<Int>(0)
        let (shell, _, console) = try await makeShell(["slow", "count"]) {
            polls.add(1, ordering: .relaxed).newValue > 2
        }
        // The slow command would sleep for a day: the shell finishing at all shows it was
        // cancelled, so no clock is read (a busy machine must not fail the test).
        let failures = await shell.run()
        #expect(failures == 0)
        #expect(console.errors == "! cancelled\n")
        #expect(!console.output.contains("count 99"))
        #expect(console.output.hasSuffix("count 1\ncommands: fail, slow, count, go — help for more\n"))
    }
}
