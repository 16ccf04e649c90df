import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals at the prompt: Ctrl-\ is a slip of the finger, not a crash; SIGTERM and SIGHUP end
/// the shell as `quit` would, with the status of a process ended by that signal.
@Suite(.serialized) struct SignalTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func ctrlBackslashClearsTheLineLikeCtrlCAndPrintsNoCrashReport() throws {
        let terminal = try atCars(["--config", config, "--fresh"])
        try terminal.type("select ri", expecting: "select ri")
        terminal.type("\u{1C}")  // Ctrl-\: SIGQUIT
        let answer = try terminal.expect("Cars › ")
        #expect(!answer.contains("crashed"))
        #expect(!answer.contains("Signal 3"))
        let output = try terminal.enter("where", expecting: "1. Cars (cars.list)")
        #expect(!output.contains("unknown command"), "the abandoned line was not run")
        try terminal.expect("Cars › ")
        #expect(terminal.isRunning)
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }

    @Test func ctrlBackslashCancelsARunningCommand() throws {
        let terminal = try atCars(["--config", config, "--fresh"])
        try terminal.enter("refresh", expecting: "working… Ctrl-C cancels")
        terminal.type("\u{1C}")
        // Cancelled, or finished first on a busy machine: either way the shell answers.
        let answer = try terminal.expect("Cars › ")
        #expect(!answer.contains("crashed"))
        try terminal.enter("where", expecting: "1. Cars (cars.list)", "Cars › ")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationAtThePromptSavesAndRestoresTheTerminal(signal: Int32) throws {
        let terminal = try atCars(["--config", config, "--fresh"])
        try terminal.enter("select rio", expecting: "Cars › Kia Rio › ")
        #expect(!terminal.isInNormalMode, "the line editor reads in its own mode")
        kill(terminal.pid, signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        #expect(terminal.isInNormalMode, "the terminal was restored")

        let state = home.appendingPathComponent("state/flowshell/carsharing")
        let history = try String(contentsOf: state.appendingPathComponent("history"), encoding: .utf8)
        #expect(history.contains("select\\040rio"))
        let navigation = try String(contentsOf: state.appendingPathComponent("navigation.json"), encoding: .utf8)
        #expect(navigation.contains("cars.details"))
    }

    @Test func terminationWhileACommandRunsCancelsItAndEnds() throws {
        let terminal = try atCars(["--config", config, "--fresh"])
        try terminal.enter("refresh", expecting: "working… Ctrl-C cancels")
        kill(terminal.pid, SIGTERM)
        #expect(try terminal.waitForExit() == 128 + SIGTERM)
        #expect(terminal.isInNormalMode)
    }
}
