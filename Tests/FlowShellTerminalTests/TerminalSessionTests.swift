import FlowShellTestSupport
import Foundation
import Testing

/// The real binary in a real pseudo-terminal: proves that libedit is live.
/// Keys are typed only once the prompt shows: libedit flushes input typed while it switches
/// the terminal's mode, as a person would not notice but a fast test would.
@Suite(.serialized) struct TerminalSessionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func tabCompletesCommandsAndArguments() throws {
        let terminal = try atCars(["--config", config])
        // libedit redraws the completed word, so only the inserted text shows as typed.
        try terminal.type("sel\t", expecting: "ect ")
        try terminal.type("oct\t", expecting: "avia ")
        try terminal.enter("", expecting: "Operator: CityDrive", "Cars › Škoda Octavia › ")
        // Several candidates are listed when the typed text settles nothing.
        terminal.type("\u{15}")  // Ctrl-U clears the line
        try terminal.type("h\t", expecting: "history  List the lines typed, or the last N")
        // A link's path, then its parameter's values; a partial path gets no space.
        try terminal.type("\u{15}open /ca\t", expecting: "rs/")
        try terminal.type("ri\t", expecting: "o ")
        #expect(try terminal.quit(typing: "\u{15}quit\r") == 0)
    }

    @Test func theConventionsWorkAtThePrompt() throws {
        let terminal = try atCars(["--config", config])
        try terminal.enter("alias far sort distance", expecting: "far now stands for 'sort distance'", "Cars › ")
        try terminal.enter("far", expecting: "7 of 7 cars, by distance", "Cars › ")
        try terminal.enter("history", expecting: "2  far", "Cars › ")
        try terminal.enter("!2", expecting: "nothing changed", "Cars › ")
        try terminal.enter("set pager off", expecting: "pager = off", "Cars › ")
        try terminal.enter("select --help", expecting: "usage: select CAR-ID", "Cars › ")
        try terminal.enter("selct rio", expecting: "did you mean 'select'?", "Cars › ")
        #expect(try terminal.quit(typing: "quit 4\r") == 4)
    }

    @Test func upRecallsThePreviousLineAndHistoryIsSaved() throws {
        let terminal = try atCars(["--config", config])
        try terminal.enter("help sort", expecting: "usage: sort ORDER", "Cars › ")
        try terminal.type("\u{1B}[A", expecting: "help sort")
        try terminal.enter("", expecting: "usage: sort ORDER", "Cars › ")
        #expect(try terminal.quit() == 0)

        let history = try String(contentsOf: home.appendingPathComponent("state/flowshell/carsharing/history"), encoding: .utf8)
        #expect(history.hasPrefix("_HiStOrY_V2_"))
        #expect(history.contains("help\\040sort"))

        // The next session recalls it too.
        let again = try atCars(["--config", config])
        try again.type("\u{1B}[A", expecting: "quit")
        try again.type("\u{15}\u{1B}[A\u{1B}[A", expecting: "help sort")
        #expect(try again.quit(typing: "\u{15}\u{04}") == 0)
    }

    @Test func aHistoryFileThatCannotBeWrittenIsSaidOnce() throws {
        let folder = home.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let terminal = try atCars(["--config", config, "--history", folder.path])
        try terminal.enter("where", expecting: "warning: history will not be saved to \(folder.path): is a directory", "Cars › ")
        let second = try terminal.enter("help sort", expecting: "Cars › ")
        #expect(!second.contains("warning"), "said once")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }

    @Test func utf8TextSurvivesEditing() throws {
        let terminal = try atCars(["--config", config])
        // Type a wrong last letter, erase it, fix it: the multi-byte Š must come through whole.
        terminal.type("filter Škodx")
        try terminal.enter("\u{7F}a", expecting: "1 of 7 cars, by price, matching 'Škoda'", "Cars › ")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }

    @Test func ctrlCClearsTheLineAndDoesNotExitButCtrlDDoes() throws {
        let terminal = try atCars(["--config", config])
        try terminal.type("select ri", expecting: "select ri")
        try terminal.type("\u{03}", expecting: "Cars › ")
        #expect(terminal.isRunning)
        let output = try terminal.enter("where", expecting: "1. Cars (cars.list)")
        #expect(!output.contains("unknown command"))
        try terminal.expect("Cars › ")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }

    @Test func colourOnATerminalUnlessNoColour() throws {
        let terminal = try PseudoTerminal.flowshell(["--config", config], home: home, environment: FlowShellBinary.environment(home: home))
        let banner = try terminal.expect("› ")
        #expect(banner.contains("\u{1B}[1mCars\u{1B}[0m"))
        #expect(try terminal.quit() == 0)
    }
}

/// A slow command shows its progress on a terminal and Ctrl-C cancels it.
@Suite(.serialized) struct ProgressTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aSlowCommandShowsProgressAndCtrlCCancelsIt() throws {
        let terminal = try atCars(["--config", config])
        try terminal.enter("filter green", expecting: "2 of 7 cars", "Cars › ")
        // A refresh takes about a second. On a busy machine the Ctrl-C typed once the spinner
        // shows may arrive after the refresh has finished, and then only clears an empty line:
        // that proves nothing either way, so the test tries again rather than racing the clock.
        var cancelled = false
        for _ in 1...10 where !cancelled {
            try terminal.enter("refresh", expecting: "working… Ctrl-C cancels")
            terminal.type("\u{03}")
            let answer = try terminal.expect("Cars › ")
            cancelled = answer.contains("! cancelled")
            // What the operators that answered in time sent may show; nothing after the Ctrl-C.
            let afterCancel = answer.components(separatedBy: "! cancelled").dropFirst().joined()
            #expect(!afterCancel.contains("of 7 cars"), "nothing was redrawn after the cancel")
            #expect(terminal.isRunning)
            // Reads past a prompt that a late Ctrl-C redraws, so the next round starts in step.
            try terminal.enter("where", expecting: "1. Cars (cars.list)", "Cars › ")
        }
        #expect(cancelled, "Ctrl-C cancelled a running refresh")
        terminal.type("refresh\r")
        // Left alone, it shows each operator's cars as they arrive, each time drawn over the
        // list before (the cursor goes up over it and erases it), and finishes.
        try terminal.expect("1 of 3 operators answered")
        let finished = try terminal.expect("Cars › ")
        #expect(!finished.contains("cancelled"))
        #expect(finished.contains("\u{1B}[J"), "drawn in place: \(finished)")
        #expect(
            finished.components(separatedBy: "matching 'green'").last?.contains("answered") == false, "the last look is the refreshed list")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }

    @Test func aPipeShowsNoProgress() throws {
        let result = try flowshell(["--config", config], input: "refresh\nwhere\n")
        #expect(result.status == 0)
        #expect(!result.output.contains("working"))
        #expect(
            result.output.hasSuffix(
                "commands: select, filter, sort, refresh, operators, bookings, account — help for more\n  nothing changed\n1. Cars (cars.list)\n"
            ))
    }
}
