import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import Foundation
import Testing

/// Every global command the shell declares runs as itself: none falls through to another
/// command's handler (a forgotten one would once have quit the shell). Each is run once through
/// a dispatcher and once through the real binary, where what it shows is checked.
@MainActor
@Suite struct GlobalCommandTests {
    /// A line that runs `command` with arguments it accepts.
    private func line(for command: GlobalCommand, script: URL) -> String {
        switch command.name {
        case GlobalCommand.open.name: return "open /nowhere"
        case GlobalCommand.unalias.name: return "unalias nothing"
        case GlobalCommand.run.name: return "run \(script.path)"
        case GlobalCommand.shell.name: return "shell true"
        case GlobalCommand.wait.name: return "wait 0"
        default: return command.name
        }
    }

    @Test func everyDeclaredCommandRunsAndOnlyQuitAndExitLeave() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("empty.txt")
        try Data().write(to: script)
        let module = FeatureModule(name: "ShellDemo", screens: [ShellDemoScreen.self])
        #expect(GlobalCommand.all.count >= 16)
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

    let config = FlowShellBinary.repository.appendingPathComponent("config.json").path

    /// A line that uses each global command, and what it shows (nil: nothing of its own).
    let examples: [String: (line: String, shows: String?)] = [
        "help": ("help", "Global commands:"),
        "back": ("back", "already at the first screen — nothing to go back to"),
        "home": ("home", "already at the first screen"),
        "where": ("where", "1. Cars (cars.list)"),
        "open": ("open /cars/rio", "Plate:"),
        "show": ("show", "7 of 7 cars, by price"),
        "reload": ("reload", nil),
        "history": ("history", "1  history"),
        "alias": ("alias", "no aliases — alias NAME COMMAND… makes one"),
        "unalias": ("unalias cheap", "no alias 'cheap'"),
        "set": ("set", "confirm-quit = "),
        "run": ("run missing.fs", "cannot read the script missing.fs"),
        "shell": ("shell echo the shell ran", "the shell ran"),
        "wait": ("wait --until Cars --timeout 5", nil),
    ]

    /// Those that leave, with the status each example asks for.
    let leaving: [String: (line: String, status: Int32)] = [
        "quit": ("quit 3", 3),
        "exit": ("exit 4", 4),
    ]

    @Test func everyDeclaredGlobalCommandRunsItsOwnHandlerThroughTheBinary() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = FlowShellBinary.environment(home: home)
        for command in GlobalCommand.all {
            if let example = examples[command.name] {
                let result = try FlowShellBinary.run(["--config", config], input: "\(example.line)\nwhere\n", in: home, environment: environment)
                let said = result.output + result.errors
                if let shows = example.shows {
                    #expect(said.contains(shows), "\(example.line) showed: \(said)")
                }
                // The session goes on after it: the `where` after it ran.
                #expect(result.output.hasSuffix("(cars.list)\n") || result.output.hasSuffix("(cars.details, carID=rio)\n"),
                        "\(example.line) ended the session: \(said)")
            } else if let example = leaving[command.name] {
                let result = try FlowShellBinary.run(["--config", config], input: "\(example.line)\nwhere\n", in: home, environment: environment)
                #expect(result.status == example.status)
                #expect(!result.output.contains("1. Cars (cars.list)"), "nothing runs after \(example.line)")
            } else {
                Issue.record("no example for the global command '\(command.name)': add one here")
            }
        }
        #expect(examples.count + leaving.count == GlobalCommand.all.count, "an example names a command that is not declared")
    }
}
