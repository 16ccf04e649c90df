import Foundation
import Testing

/// The example plugins in a pseudo-terminal: into a plugin's screen and out, Tab on its
/// commands, and Ctrl-C of a slow plugin command, which the plugin honours and goes on.
@Suite(.serialized) struct PluginTerminalTests {
    @Test func ctrlCCancelsASlowPluginCommandAndThePluginGoesOn() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        // Trusted first, as a person would: the examples' programs then run without the opt-in.
        let trusted = try FlowShellBinary.run(["trust", "--config", PluginFlows.examples], input: "", in: home,
                                              environment: FlowShellBinary.environment(home: home))
        #expect(trusted.status == 0)
        let terminal = try PseudoTerminal(
            executable: FlowShellBinary.url.path, arguments: ["--config", PluginFlows.examples, "--fresh"],
            environment: FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"]), directory: home.path
        )
        try terminal.expect("Cars › ")
        terminal.type("select rio\r")
        try terminal.expect("Cars › Kia Rio › ")
        terminal.type("weather\r")
        try terminal.expect("3-day forecast")
        try terminal.expect("Cars › Kia Rio › Weather near rio › ")
        // Tab completes the plugin screen's commands and their values.
        terminal.type("da\t")
        try terminal.expect("ys ")
        terminal.type("6\r")
        try terminal.expect("6-day forecast")
        try terminal.expect("Weather near rio › ")
        terminal.type("radar\r")
        try terminal.expect("working… Ctrl-C cancels")
        terminal.type("\u{03}")
        try terminal.expect("cancelled")
        try terminal.expect("Weather near rio › ")
        // The plugin honoured the cancel: it still runs and answers.
        terminal.type("days 2\r")
        try terminal.expect("2-day forecast")
        try terminal.expect("Weather near rio › ")
        terminal.type("back\r")
        try terminal.expect("Cars › Kia Rio › ")
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(started.count == 1)
        #expect(!started.contains(where: PluginFlows.exists), "no plugin outlives the shell")
    }
}
