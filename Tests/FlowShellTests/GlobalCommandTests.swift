import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import Foundation
import Testing

/// Every global command the shell declares runs as itself: none falls through to another
/// command's handler (a forgotten one would once have quit the shell).
@MainActor
@Suite struct GlobalCommandTests {
    /// A line that runs `command` with arguments it accepts.
    private func line(for command: CommandDescription, script: URL) -> String {
        switch command.name {
        case GlobalCommand.open.name: return "open /nowhere"
        case GlobalCommand.unalias.name: return "unalias nothing"
        case GlobalCommand.run.name: return "run \(script.path)"
        default: return command.name
        }
    }

    @Test func everyDeclaredCommandRunsAndOnlyQuitAndExitLeave() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("empty.txt")
        try Data().write(to: script)
        let module = FeatureModule(name: "ShellDemo", screens: [ShellDemoScreen.self])
        #expect(GlobalCommand.all.count >= 14)
        for command in GlobalCommand.all {
            let runtime = try await FlowRuntime.start(config: #"{"app": "demo", "root": "shell.home", "modules": ["ShellDemo"]}"#,
                                                      modules: [module])
            let console = RecordingConsole()
            let dispatcher = Dispatcher(runtime: runtime, output: TextOutput(console: console, interactive: false, colour: false) { 60 })
            let step = await dispatcher.run(line(for: command, script: script))
            let leaves = command.name == GlobalCommand.quit.name || command.name == GlobalCommand.exit.name
            #expect(step == (leaves ? .quit(nil) : .next), "\(command.name) gave \(step)")
            #expect(!console.errors.contains("unknown command"), "\(command.name): \(console.errors)")
        }
    }
}
