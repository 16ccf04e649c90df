import FlowShellTestSupport
import Foundation
import Testing

/// The example plugins in a pseudo-terminal: into a plugin's screen and out, Tab on its
/// commands, and Ctrl-C of a slow plugin command, which the plugin honours and goes on.
@Suite(.serialized) struct PluginTerminalTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func ctrlCCancelsASlowPluginCommandAndThePluginGoesOn() throws {
        // Trusted first, as a person would: the examples' programs then run without the opt-in.
        let trusted = try flowshell(["trust", "--config", PluginFlows.examples])
        #expect(trusted.status == 0)
        let terminal = try atCars(["--config", PluginFlows.examples, "--fresh"])
        try terminal.enter("select rio", expecting: "Cars › Kia Rio › ")
        try terminal.enter("weather", expecting: "3-day forecast", "Cars › Kia Rio › Weather near rio › ")
        // Tab completes the plugin screen's commands and their values.
        try terminal.type("da\t", expecting: "ys ")
        try terminal.enter("6", expecting: "6-day forecast", "Weather near rio › ")
        try terminal.enter("radar", expecting: "working… Ctrl-C cancels")
        try terminal.type("\u{03}", expecting: "cancelled")
        try terminal.expect("Weather near rio › ")
        // The plugin honoured the cancel: it still runs and answers.
        try terminal.enter("days 2", expecting: "2-day forecast", "Weather near rio › ")
        try terminal.enter("back", expecting: "Cars › Kia Rio › ")
        #expect(try terminal.quit() == 0)
        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(started.count == 1)
        #expect(!started.contains(where: PluginFlows.exists), "no plugin outlives the shell")
    }
}

/// A plugin has no controlling terminal: `/dev/tty` cannot be opened, so it can neither draw on
/// the screen nor type into the shell.
@Suite(.serialized) struct PluginContainmentTerminalTests {
    @Test func aPluginCannotReachTheTerminalThroughDevTty() throws {
        let (folder, config) = try HostilePluginTests.hostileFlow(
            """
            if (printf 'HIJACKED' > /dev/tty) 2>/dev/null; then echo reached > tty.txt; else echo refused > tty.txt; fi
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = try PluginFlows.terminal(["--config", config.path, "--fresh"], home: folder)
        try terminal.expect("Cars › ")
        try terminal.type("open /echo/hi\r", expecting: "Echo hi")
        // The plugin tried the terminal before it said hello, so before its screen showed.
        try terminal.expect("› ")
        #expect(try terminal.quit() == 0)
        #expect(!terminal.transcript.contains("HIJACKED"))
        #expect(try String(contentsOf: folder.appendingPathComponent("tty.txt"), encoding: .utf8) == "refused\n")
    }
}

/// What a plugin sends is shown like any other text: a title in the prompt, a command's summary
/// in help, an argument's values in the Tab list — control characters and bidirectional controls
/// as U+FFFD, so none can retitle the terminal, move the cursor, hide what follows or reorder it.
@Suite(.serialized) struct PluginTextTerminalTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aPluginsEscapeSequencesNeverReachTheTerminal() throws {
        let config = try PluginFlows.writeFake(mode: "escapes", in: home)
        let terminal = try PluginFlows.terminal(["--config", config.path, "--fresh"], home: home)
        try terminal.expect("Cars › ")
        try terminal.enter("open /echo/hi", expecting: "Cars › Echo\u{FFFD}]0;title\u{FFFD} hi › ")
        try terminal.type("paint \t\t", expecting: "red\u{FFFD}]0;value\u{FFFD}")
        try terminal.type("\u{15}help\r", expecting: "Paint\u{FFFD}]0;summary\u{FFFD}\u{FFFD}evil")  // Ctrl-U clears the line first
        try terminal.expect("Echo\u{FFFD}]0;title\u{FFFD} hi › ")
        #expect(try terminal.quit() == 0)
        #expect(!terminal.transcript.contains("\u{1B}]0;"), "no operating system command reached the terminal")
        #expect(!terminal.transcript.unicodeScalars.contains("\u{202E}"), "no right-to-left override reached the terminal")
    }
}
