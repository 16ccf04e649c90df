@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import Glibc
import LineEditor
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

/// A screen with a command that fails, one that runs until cancelled (pressing Ctrl-C itself
/// once it runs), one that changes the screen and one that emits.
struct ShellDemoScreen: Screen {
    static let id = "shell.home"
    static let title = "Home"
    /// Presses Ctrl-C: what the slow command does once it runs.
    nonisolated(unsafe) static var pressCtrlC: @Sendable () -> Void = {}

    struct Events: ScreenEvents {
        let go = Event<Nothing>("the user wants to go")
    }

    init(input: Nothing, context: ScreenContext) {}
    func load() -> Int { 0 }

    static let commands: [ScreenCommand<Self>] = [
        .command("fail", "Fails") { _, _, _ in throw UserFacingError("it broke") },
        .command("slow", "Runs until cancelled") { _, count, _ in
            pressCtrlC()
            try await Task.sleep(for: .seconds(24 * 60 * 60))
            count = 99
        },
        .command("count", "Counts") { _, count, _ in count += 1 },
        .command("go", "Emits go") { _, _, emit in emit(\.go) },
    ]

    static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: "Home", content: [.text("count \(count)")])
    }
}

// Serialized: every test's slow command presses Ctrl-C through the one static
// `ShellDemoScreen.pressCtrlC`, which two tests at once would point at each other's shell.
@MainActor
@Suite(.serialized) struct ShellTests {
    private func makeShell(
        _ lines: [String], interactive: Bool = false,
        cancellable: Bool = false
    ) async throws -> (Shell, ScriptedReader, RecordingConsole) {
        let module = FeatureModule(name: "ShellDemo", screens: [ShellDemoScreen.self])
        let runtime = try await FlowRuntime.start(
            config: #"{"app": "demo", "root": "shell.home", "modules": ["ShellDemo"]}"#, modules: [module])
        let reader = ScriptedReader(lines)
        let console = RecordingConsole()
        let output = TextOutput(console: console, interactive: interactive, colour: false) { 60 }
        let session = Session(runtime: runtime, output: output, capabilities: .terminal, cancellable: cancellable)
        let shell = Shell(session: session, reader: reader, output: output, interactive: interactive, colour: false)
        // Ctrl-C reaches the shell as the terminal's watcher passes it on: once the command waits.
        ShellDemoScreen.pressCtrlC = { Task { @MainActor in shell.interrupt() } }
        return (shell, reader, console)
    }

    @Test func showsTheScreenAndOnlyWhatChanges() async throws {
        let (shell, reader, console) = try await makeShell(["count", "where", "", "count"])
        let failures = await shell.run().failures
        #expect(failures == 0)
        #expect(
            console.output == """
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
        let failures = await shell.run().failures
        #expect(failures == 6)
        #expect(
            console.errors == """
                ✗ line 1: unknown command 'bogus' here — try help
                ✗ line 2: it broke
                ✗ line 3: no command 'nothing' here — try help
                ✗ line 4: already at the first screen — nothing to go back to
                ✗ line 5: too many arguments — usage: where
                ✗ line 6: cannot read that line: unterminated quote
                ! line 7: that leads nowhere from Home in this flow; nothing changed

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
        #expect(
            console.output.contains(
                """
                Commands on this screen (Home):
                  fail                     Fails
                  slow                     Runs until cancelled
                  count                    Counts
                  go                       Emits go
                Global commands:
                  help [COMMAND]           List this screen's commands, or
                                           show how to use one
                """), "summaries wrap under themselves at the width")
        #expect(console.output.contains("usage: count\n  Counts\n"))
        // Wrapped at words to the width, as help's summaries are.
        #expect(console.output.contains("usage: quit [STATUS]\n  Leave the shell, with STATUS as its exit status (default\n  0)\n"))
    }

    @Test(.timeLimit(.minutes(5)))
    func ctrlCCancelsARunningCommandAndKeepsTheScreen() async throws {
        // The slow command would sleep for a day, so the shell finishing at all shows it was
        // cancelled; no clock is read. The slow command presses Ctrl-C once it runs.
        let (shell, _, console) = try await makeShell(["slow", "count"], cancellable: true)
        let failures = await shell.run().failures
        #expect(failures == 0)
        #expect(console.errors == "! line 1: cancelled\n")
        #expect(!console.output.contains("count 99"))
        #expect(console.output.hasSuffix("count 1\ncommands: fail, slow, count, go — help for more\n"))
    }

    @Test(.timeLimit(.minutes(5)))
    func ctrlCStopsTheScriptThatRunsAndNothingLater() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("steps.txt")
        try "count\nslow\ncount\ncount\n".write(to: script, atomically: true, encoding: .utf8)
        let (shell, _, console) = try await makeShell(["run \(script.path)", "count"], cancellable: true)
        let failures = await shell.run().failures
        #expect(failures == 0)
        #expect(console.errors == "! line 1: \(script.path):2: cancelled\n! line 1: \(script.path) stopped at line 2: interrupted\n")
        // The file's first line ran, its last two did not; the line typed after it ran.
        #expect(console.output.hasSuffix("count 2\ncommands: fail, slow, count, go — help for more\n"))
        #expect(!console.output.contains("count 3"))
    }
}
