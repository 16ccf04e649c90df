@testable import FlowShell
import Foundation
import Testing

/// Every declared global command runs its own handler through the real binary: none falls to
/// another's (as a forgotten case of a `switch` whose default quits would).
@Suite struct GlobalCommandTests {
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
    ]

    /// Those that leave, with the status each example asks for.
    let leaving: [String: (line: String, status: Int32)] = [
        "quit": ("quit 3", 3),
        "exit": ("exit 4", 4),
    ]

    @Test func everyDeclaredGlobalCommandRunsItsOwnHandler() throws {
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
