import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The prompt as a person at a terminal of 80×24 meets it, started from an interactive bash
/// with job control: the reverse search, the history of earlier sessions, `edit`, Tab's
/// listings, `set`, a cancelled refresh, a screen that changes under a Tab listing, and a
/// terminal that cannot page. What is checked is what stays on the screen (``TerminalScreen``).
@Suite(.serialized) struct PromptTerminalTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The shell started from bash on `terminal`, at its first prompt.
    private func startShell(on terminal: PseudoTerminal, _ arguments: String = "") throws {
        try terminal.enter("'\(FlowShellBinary.url.path)' --config '\(config)' \(arguments)", expecting: "Cars › ")
    }

    private func quit(_ terminal: PseudoTerminal) throws {
        try terminal.enter("quit", expecting: "$ ")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }

    @Test func ctrlRSearchesTheHistoryWithAPromptThatSaysSo() throws {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        for line in ["select rio", "back", "sort name"] {
            terminal.type(line + "\r")
            try terminal.expect("Cars › ")
        }
        terminal.type("\u{12}")
        try terminal.expectOnScreen("(reverse-i-search)`':")
        terminal.type("se")
        try terminal.expectOnScreen("(reverse-i-search)`se': select rio")
        // No older line holds it: said, and the match stays.
        terminal.type("\u{12}")
        try terminal.expectOnScreen("(failed reverse-i-search)`se': select rio")
        // Enter runs the line found, shown after the ordinary prompt.
        terminal.type("\r")
        var screen = try terminal.expectOnScreen("Cars › Kia Rio › ")
        #expect(screen.lines.contains("Cars › select rio"), "\(screen.lines)")
        #expect(
            !screen.history.contains { $0.contains("reverse-i-search") }, "the search's prompt gave way to the prompt: \(screen.history)")
        // Ctrl-G gives back the line as it was typed.
        terminal.type("wh\u{12}bac")
        try terminal.expectOnScreen("(reverse-i-search)`bac': back")
        terminal.type("\u{07}ere\r")
        screen = try terminal.expectOnScreen("2. Kia Rio (cars.details, carID=rio)")
        #expect(screen.lines.contains("Cars › Kia Rio › where"), "\(screen.lines)")
        try quit(terminal)
    }

    @Test func earlierSessionsAreInTheHistoryAndTheStartupFileIsNot() throws {
        let startup = home.appendingPathComponent(".config/flowshell/init")
        try FileManager.default.createDirectory(at: startup.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "alias cheap sort price\nset confirm-quit off\n".write(to: startup, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        try terminal.enter("sort name", expecting: "by name", "Cars › ")
        let first = try terminal.enter("history", expecting: "Cars › ")
        #expect(first.contains("1  sort name\r\n2  history\r\n"), "the startup file's lines are not this session's: \(first)")
        try terminal.enter("quit", expecting: "$ ")

        try startShell(on: terminal)
        try terminal.enter("!1", expecting: "no line !1 in the history", "Cars › ")
        let all = try terminal.enter("history -a", expecting: "Cars › ")
        #expect(
            all.contains("   sort name\r\n   history\r\n   quit\r\n1  history -a\r\n"), "earlier sessions' lines, then this one's: \(all)")
        try terminal.enter("!sor", expecting: "7 of 7 cars, by name")
        try quit(terminal)
    }

    @Test func editRunsWhatTheEditorLeavesInItsScratchScript() throws {
        // An editor that keeps what it was given and writes two lines of its own.
        let editor = home.appendingPathComponent("editor")
        try """
        #!/bin/sh
        cp "$1" "$HOME/given"
        printf 'sort distance\\nwhere\\n' > "$1"

        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        let terminal = try PseudoTerminal.interactiveBash(home: home, extra: ["EDITOR": editor.path])
        try startShell(on: terminal)
        try terminal.enter("filter o", expecting: "Cars › ")
        try terminal.enter("edit 1", expecting: "1. Cars (cars.list)", "Cars › ")
        #expect(
            try String(contentsOf: home.appendingPathComponent("given"), encoding: .utf8) == "filter o\n", "the editor began with line 1")
        let screen = terminal.screen()
        #expect(
            screen.history.contains("  sort distance") && screen.history.contains("  where"),
            "each line shown as it runs: \(screen.history)")
        #expect(screen.history.contains { $0.hasPrefix("7 of 7 cars, by distance, matching 'o'") }, "\(screen.history)")
        let history = try terminal.enter("history", expecting: "Cars › ")
        #expect(
            history.contains("1  filter o\r\n2  sort distance\r\n3  where\r\n4  history\r\n"),
            "what was written is kept as typed, in place of the edit line: \(history)")
        // history -e, as cmd2's and bash's fc: the line before it, edited.
        try terminal.enter("history -e", expecting: "1. Cars (cars.list)", "Cars › ")
        #expect(try String(contentsOf: home.appendingPathComponent("given"), encoding: .utf8) == "history\n")
        try quit(terminal)
        // An editor that fails runs nothing.
        let failing = try PseudoTerminal.interactiveBash(home: home, extra: ["EDITOR": "false", "VISUAL": ""])
        try startShell(on: failing)
        try failing.enter("edit", expecting: "the editor 'false' ended with status 1; nothing was run", "Cars › ")
        try quit(failing)
    }

    @Test func setAndTabListingsFitEightyColumns() throws {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        try terminal.enter("set", expecting: "confirm-quit", "Cars › ")
        let rows = terminal.screen().history.drop { $0 != "Cars › set" }.dropFirst().prefix { !$0.hasPrefix("Cars ›") }
        let settings = rows.filter { $0.contains(" = ") }
        #expect(settings.count == 5, "\(rows)")
        // The `=` and the dashes line up; a summary too long goes on under itself, never a lone word or `)`.
        #expect(Set(settings.map { $0.firstRange(of: " = ")?.lowerBound.utf16Offset(in: $0) }).count == 1, "\(rows)")
        #expect(Set(settings.map { $0.firstRange(of: " — ")?.lowerBound.utf16Offset(in: $0) }).count == 1, "\(rows)")
        let dash = settings.first?.firstRange(of: " — ")?.upperBound.utf16Offset(in: settings.first ?? "") ?? 0
        for row in rows where !row.contains(" = ") {
            #expect(row.prefix { $0 == " " }.count == dash, "a wrapped summary is under its first line: \(row)")
            #expect(row.trimmingCharacters(in: .whitespaces).count > 1, "no lone character on a line: \(rows)")
        }
        // Tab lists the settings with what each does, a summary longer than the line cut with `…`.
        terminal.type("set \t")
        // Waited for by its last line (the names are listed in order), so that the whole listing is there.
        let listing = try terminal.expectOnScreen("width          the output width")
        #expect(listing.lines.contains { $0.hasPrefix("booking-hours  the hours a new booking lasts") }, "\(listing.lines)")
        let listed = listing.lines.filter { $0.hasPrefix("color  ") && !$0.contains(" = ") }
        #expect(listed.count == 1 && listed.allSatisfy { $0.hasSuffix("…") && $0.count <= 79 }, "\(listing.lines)")
        // A link's values are listed with what each is, as a command's are.
        terminal.type("\u{15}open /cars/\t")
        try terminal.expectOnScreen("/cars/rio      Kia Rio")
        terminal.type("\u{15}")
        try quit(terminal)
    }

    @Test func aCancelledRefreshSaysNoMoreThatItRuns() throws {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        try terminal.enter("refresh", expecting: "1 of 3 operators answered")
        try terminal.type("\u{03}", expecting: "cancelled")
        try terminal.expect("Cars › ")
        let shown = try terminal.enter("show", expecting: "Cars › ")
        #expect(shown.contains("7 of 7 cars, by price\r\n"), "\(shown)")
        #expect(!shown.contains("answered"), "\(shown)")
        try quit(terminal)
    }

    @Test func aScreenThatChangesUnderATabListingIsPrintedBelowIt() throws {
        let environment = FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"])
        let terminal = try atCars(["--config", config], environment: environment, rows: 24, columns: 80)
        try terminal.type("select \t", expecting: "zoe      Renault Zoe")
        let other = try flowshell(
            ["--config", config], input: "select rio\nbook\nlogin alice\nfrom 2\nconfirm\nquit\n", environment: environment)
        #expect(other.output.contains("BK-1001"), "the other shell booked: \(other.output) \(other.errors)")
        let update = try terminal.expect("Cars changed by itself")
        try terminal.expect("Cars › select ")
        #expect(update.firstMatch(of: /\u{1B}\[\d+A/) == nil, "nothing was drawn over the listing: \(update.debugDescription)")
        let shown = terminal.screen().history
        // Each list is whole — its title, then its header — and the listing stays between them.
        let titles = shown.indices.filter { shown[$0] == "Cars" }
        #expect(titles.count == 2, "\(shown)")
        #expect(titles.allSatisfy { shown.indices.contains($0 + 1) && shown[$0 + 1].hasPrefix("ID       Car") }, "\(shown)")
        #expect(shown.filter { $0 == "zoe      Renault Zoe" }.count == 1, "the listing is still there: \(shown)")
        #expect(try terminal.quit(typing: "\u{15}quit\r") == 0)
    }

    @Test func aConfigFixedBackToTheRunningFlowSaysSo() throws {
        let (file, original) = try FlowShellBinary.demoConfigCopy(in: home)
        // Wide enough that no message wraps.
        let terminal = try atCars(["--config", file.path], columns: 300)
        try Data(original.replacingOccurrences(of: "\"root\": \"cars.list\"", with: "\"root\": \"cars.lst\"").utf8).write(to: file)
        try terminal.expect("the flow that was running goes on")
        try terminal.expect("Cars › ")
        // Fixed back: the last word is no longer that it has errors.
        try Data(original.utf8).write(to: file)
        try terminal.expect("\(file.path) is sound again, as the flow that runs")
        try terminal.expect("Cars › ")
        #expect(try terminal.quit() == 0)
    }

    @Test func aDumbTerminalIsNotPaged() throws {
        var environment = FlowShellBinary.environment(home: home, extra: ["TERM": "dumb"])
        environment["PAGER"] = nil
        let terminal = try atCars(["--config", config], environment: environment, rows: 24, columns: 80)
        let help = try terminal.enter("help", expecting: "Leave the shell (same as quit)")
        try terminal.expect("Cars › ")
        #expect(!help.contains("WARNING") && !help.contains("\u{1B}"), "no pager, no escape codes: \(help)")
        #expect(try terminal.quit() == 0)
    }

    @Test func bashCompletesTheOptionsOfTheDefaultCommand() throws {
        let script = home.appendingPathComponent("flowshell.bash")
        let generated = try flowshell(["--generate-completion-script", "bash"])
        try generated.output.write(to: script, atomically: true, encoding: .utf8)
        let folder = FlowShellBinary.url.deletingLastPathComponent().path
        let terminal = try PseudoTerminal.interactiveBash(
            home: home, extra: ["PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        try terminal.enter("source '\(script.path)'", expecting: "$ ")
        terminal.type("flowshell --fr\t")
        try terminal.expectOnScreen("$ flowshell --fresh")
        terminal.type("\u{15}flowshell ch\t")
        try terminal.expectOnScreen("$ flowshell check")
        #expect(try terminal.quit(typing: "\u{15}exit\r") == 0)
    }

    /// A paste of a megabyte at the prompt: the line editor keeps no more than a line may
    /// have, the line is refused in words, and the prompt answers the next line.
    @Test func aPastedMegabyteIsRefusedAndThePromptGoesOn() throws {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        terminal.paste(String(repeating: "x", count: 1 << 20))
        try terminal.enter("", expecting: "✗ the line is longer than 4096 bytes, the most a line may have — nothing ran")
        try terminal.enter("where", expecting: "1. Cars (cars.list)", "Cars › ")
        try quit(terminal)
    }

    /// At 80 columns what the shell writes is wrapped at words by the shell, never broken
    /// mid-word by the terminal: a command's usage (as `help` is) and the screen's hint, whose
    /// `— help for more` stays one phrase.
    @Test func usageAndTheHintAreWrappedAtWords() throws {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        terminal.type("history --help\r")
        let screen = try terminal.expectOnScreen("then run them)")
        let rows = screen.lines.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        let start = try #require(rows.firstIndex { $0.hasPrefix("usage: history") })
        let end = try #require(rows.firstIndex { $0.hasSuffix("then run them)") })
        let summary = rows[(start + 1)...end]
        #expect(summary.allSatisfy { $0.hasPrefix("  ") && $0.count <= 80 })
        #expect(
            summary.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                == "List the lines typed, or the last N (-a: earlier sessions' too; -r N, A..B or -N: run them again; "
                + "-o FILE: write them to FILE as a script; -e: edit them in your $EDITOR, then run them)")
        #expect(rows.contains("commands: select, filter, sort, refresh, operators, bookings, account"))
        #expect(rows.contains("— help for more"))
        try quit(terminal)
    }

    /// Ctrl-D on an empty line leaves, showing no `^D`; inside a line it deletes the character
    /// under the cursor.
    @Test func ctrlDLeavesWithoutEchoingIt() throws {
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        try startShell(on: terminal)
        try terminal.enter("wxhere\u{01}\u{06}\u{04}", expecting: "1. Cars (cars.list)", "Cars › ")
        terminal.type("\u{04}")
        let left = try terminal.expect("$ ")
        #expect(!left.contains("^D"))
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }
}
