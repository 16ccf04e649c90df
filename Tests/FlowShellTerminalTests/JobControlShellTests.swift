import FlowShellTestSupport
import Foundation
import Testing

/// The shell as people start it: typed at an interactive bash with job control, which gives it
/// a process group of its own as the terminal's foreground job, on a terminal of 80×24.
@Suite(.serialized) struct JobControlShellTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The shell typed at an interactive bash on a new 80×24 pseudo-terminal (whose prompt is
    /// `$ `), once its car list's prompt shows.
    private func startedFromBash() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try terminal.enter("'\(FlowShellBinary.url.path)' --config '\(config)'", expecting: "Cars › ")
        return terminal
    }

    @Test func helpPagesAndTheShellGoesOnAfterQ() throws {
        let terminal = try startedFromBash()
        // More lines than the window: less shows the first page and waits for a key.
        try terminal.enter("help", expecting: "Commands on this screen (Cars):", "\n:")
        try terminal.type("q", expecting: "Cars › ")
        // The shell reads its terminal again.
        try terminal.enter("where", expecting: "1. Cars (cars.list)", "Cars › ")
        try terminal.enter("quit", expecting: "$ ")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }

    @Test func aCtrlCAtThePromptIsForThatLineOnly() throws {
        let terminal = try startedFromBash()
        // Ctrl-C clears a half-typed line; a quick command, then a slow one that must not be
        // cancelled by it.
        try terminal.type("sel", expecting: "sel")
        try terminal.type("\u{03}", expecting: "Cars › ")
        try terminal.enter("where", expecting: "1. Cars (cars.list)", "Cars › ")
        try terminal.enter("refresh", expecting: "working… Ctrl-C cancels")
        let afterRefresh = try terminal.expect("Cars › ")
        #expect(!afterRefresh.contains("cancelled"))
        #expect(afterRefresh.contains("2 of 3 operators answered"), "the refresh showed its progress")
        let lastStatus = afterRefresh.components(separatedBy: "7 of 7 cars, by price").last ?? ""
        #expect(!lastStatus.contains("answered"), "the refresh ran to its end: \(lastStatus)")
        try terminal.enter("quit", expecting: "$ ")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }

    @Test func ctrlCStopsTheFileThatRuns() throws {
        try "refresh\nsort distance\n".write(to: home.appendingPathComponent("steps"), atomically: true, encoding: .utf8)
        let terminal = try startedFromBash()
        try terminal.enter("run steps", expecting: "working… Ctrl-C cancels")
        try terminal.type("\u{03}", expecting: "steps stopped at line 1: interrupted")
        let rest = try terminal.expect("Cars › ")
        #expect(!rest.contains("by distance"), "the file's second line does not run")
        // And with --script, the whole run stops with the status of an interrupt, wherever it
        // is: a script of a minute of refreshes, with Ctrl-C typed once its first screen shows.
        try (String(repeating: "refresh\n", count: 60) + "sort distance\n")
            .write(to: home.appendingPathComponent("long"), atomically: true, encoding: .utf8)
        try terminal.enter("quit", expecting: "$ ")
        try terminal.enter(
            "'\(FlowShellBinary.url.path)' --config '\(config)' --script long; echo \"status=$?\"", expecting: "7 of 7 cars, by price")
        try terminal.type("\u{03}", expecting: "the script stopped at line ")
        try terminal.expect(": interrupted")
        let end = try terminal.expect("status=130")
        #expect(!end.contains("by distance"))
        try terminal.expect("$ ")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }

    @Test func afterCtrlZAndFgThePromptAndTheHalfTypedLineAreBack() throws {
        let terminal = try startedFromBash()
        try terminal.type("select ri", expecting: "select ri")
        try terminal.type("\u{1A}", expecting: "Stopped")
        try terminal.expect("$ ")
        try terminal.type("fg\r", expecting: "Cars › select ri")
        // bash names the job it continues; then the shell draws its prompt and the line again.
        try terminal.enter("o", expecting: "Plate:", "Cars › Kia Rio › ")
        try terminal.enter("quit", expecting: "$ ")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }

    @Test func startedByAShellWithoutJobControlItQuitsEveryTime() throws {
        // `sh -c` (as `make run` or a script does) leaves the shell in its own process group:
        // FlowShell takes the terminal while it runs and gives it back as it quits. Its line
        // editor once put the terminal's modes back after that, from the main actor's deinit,
        // whenever that came late — and the kernel stopped the process (SIGTTOU): a quit that
        // hung, now and then. Each quit here must end the shell.
        let environment = FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"])
        for round in 1...10 {
            let terminal = try PseudoTerminal(
                executable: "/bin/sh",
                arguments: ["-c", "'\(FlowShellBinary.url.path)' --config '\(config)'; echo \"ended $?\""],
                environment: environment, directory: home.path)
            try terminal.expect("Cars › ")
            try terminal.enter("quit", expecting: "ended 0")
            #expect(try terminal.waitForExit() == 0, "round \(round)")
        }
    }
}
