import FlowShellTestSupport
import Foundation
import Testing

/// `CMD > FILE`, `CMD >> FILE`, `CMD | SHELL-COMMAND` and `shell CMD`, through the binary with a
/// pipe on stdin: the output goes where the line says as plain text, errors stay on stderr.
@Suite struct RedirectionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    func run(_ input: String, in home: URL, environment extra: [String: String] = [:]) throws -> FlowShellBinary.Result {
        try FlowShellBinary.run(
            ["--config", config], input: input, in: home, environment: FlowShellBinary.environment(home: home, extra: extra))
    }

    func contents(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func outputGoesToAFileAsPlainTextAndErrorsStayOnTheTerminal() throws {
        let result = try run(
            "set color on\nhelp > help.txt\nwhere >> stack.log\nwhere >> stack.log\nselect nothing > failed.txt\n", in: home)
        let help = try contents("help.txt", in: home)
        #expect(help.hasPrefix("Commands on this screen (Cars):\n  select CAR-ID"))
        #expect(help.contains("Global commands:\n"))
        #expect(!help.contains("\u{1B}"), "no colour in a file, whatever `set color` says")
        #expect(!result.output.contains("Global commands:"), "what went to the file is not shown")
        #expect(try contents("stack.log", in: home) == "1. Cars (cars.list)\n1. Cars (cars.list)\n")
        #expect(try contents("failed.txt", in: home) == "")
        #expect(result.errors.contains("no car 'nothing' in the list"))
        #expect(result.status == 1)
    }

    @Test func aFileReplacedIsWrittenAnew() throws {
        try Data("an older and much longer text that must not survive\n".utf8).write(to: home.appendingPathComponent("stack.txt"))
        _ = try run("where > stack.txt\n", in: home)
        #expect(try contents("stack.txt", in: home) == "1. Cars (cars.list)\n")
    }

    @Test func aFileOfOneLetterIsWrittenAsAnyOtherAndOneOfNoneIsNot() throws {
        let result = try run("where > x\nwhere >> y\nwhere >> y\nwhere > m/z\nwhere > ''\n", in: home)
        #expect(try contents("x", in: home) == "1. Cars (cars.list)\n")
        #expect(try contents("y", in: home) == "1. Cars (cars.list)\n1. Cars (cars.list)\n")
        #expect(
            result.errors == "✗ line 4: cannot write to m/z: there is no folder 'm'\n✗ line 5: cannot write to '': a file needs a name\n")
    }

    @Test func aPipeHandsTheOutputToTheUsersShell() throws {
        let result = try run("where\nhelp | grep -c select\nsort name | tr a-z A-Z\nwhere\n", in: home)
        #expect(result.errors == "")
        // In the order the lines ran: what the shell held back went out before the pipe's command wrote.
        #expect(result.output.contains("1. Cars (cars.list)\n1\nCARS\nID "))
        #expect(result.output.contains("KIA RIO"))
        #expect(
            result.output.hasSuffix(
                "7 OF 7 CARS, BY NAME\nCOMMANDS: SELECT, FILTER, SORT, REFRESH, OPERATORS, BOOKINGS, ACCOUNT — HELP FOR MORE\n1. Cars (cars.list)\n"
            ))
    }

    @Test func quotingKeepsTheOperatorsLiteral() throws {
        let result = try run("filter '>'\nfilter \"a|b\"\nfilter x\\>y\n", in: home)
        #expect(result.output.contains("No car matches '>'."))
        #expect(result.output.contains("No car matches 'a|b'."))
        #expect(result.output.contains("No car matches 'x>y'."))
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { !$0.hasPrefix(".") && $0 != "state" }
        #expect(files.isEmpty, "no file was written: \(files)")
    }

    @Test func aDestinationThatCannotBeWrittenIsOneErrorAndTheCommandDoesNotRun() throws {
        try Data().write(to: home.appendingPathComponent("notes"))
        let result = try run("select rio > missing/rio.txt\nwhere > .\nhelp > notes/help.txt\nhelp >\nhelp |\n> out.txt\nwhere\n", in: home)
        #expect(
            result.errors == """
                ✗ line 1: cannot write to missing/rio.txt: there is no folder 'missing'
                ✗ line 2: cannot write to .: it is a folder
                ✗ line 3: cannot write to notes/help.txt: 'notes' is a file, not a folder
                ✗ line 4: no file after > — CMD > FILE writes CMD's output to FILE
                ✗ line 5: no command after | — CMD | SHELL-COMMAND sends CMD's output to SHELL-COMMAND
                ✗ line 6: nothing before > — CMD > FILE sends CMD's output there

                """)
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"), "select did not run, and the shell kept its state")
    }

    @Test func shellRunsTheRestOfTheLineInTheUsersShell() throws {
        let result = try run(
            "shell echo 'a  b' | tr a-z A-Z > shout.txt\nshell printf '%s\\n' \"$FLOWSHELL_TEST_WORD\"\nshell\nshell exit 3\nwhere\n",
            in: home, environment: ["SHELL": "/bin/sh", "FLOWSHELL_TEST_WORD": "hello"])
        #expect(try contents("shout.txt", in: home) == "A  B\n", "quotes, | and > are the shell's")
        #expect(result.output.contains("\nhello\n"))
        #expect(
            result.errors == """
                ✗ line 3: missing COMMAND — usage: shell COMMAND
                ✗ line 4: 'exit 3' ended with status 3

                """)
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
    }

    @Test func historyKeepsTheBang() throws {
        let result = try run("where > a.txt\n!1\n", in: home)
        // `!1` runs the first line again, redirection and all.
        #expect(try contents("a.txt", in: home) == "1. Cars (cars.list)\n")
        #expect(result.errors == "")
        #expect(result.output.contains("where > a.txt"))
    }
}

/// Redirection at a real terminal of 80×24 with colour: the file gets plain text and no pager
/// starts for it, a pipe's command writes to the terminal, and `shell` can read from it.
@Suite(.serialized) struct RedirectionAtATerminalTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func redirectedOutputIsPlainAndUnpagedAndShellCommandsUseTheTerminal() throws {
        // A pager that marks what it shows: nothing redirected may reach it.
        let environment = FlowShellBinary.environment(home: home, extra: ["PAGER": "sed s/^/PAGED:/", "SHELL": "/bin/sh"])
        let terminal = try PseudoTerminal.flowshell(["--config", config], home: home, environment: environment, rows: 24, columns: 80)
        // The prompt is coloured here: its arrow is waited for.
        try terminal.expect("› ")
        let answer = try terminal.enter("help > help.txt", expecting: "› ")
        #expect(!answer.contains("PAGED:") && !answer.contains("Global commands"), "help went to the file, not the pager or the screen")
        let help = try String(contentsOf: home.appendingPathComponent("help.txt"), encoding: .utf8)
        #expect(help.contains("Global commands:\n") && !help.contains("\u{1B}"), "plain text, though the terminal has colour")
        try terminal.enter("where | tr a-z A-Z", expecting: "1. CARS (CARS.LIST)", "› ")
        // The command asks before it reads (its question is written with an escape, so that
        // the typed line's echo cannot be taken for it): what is typed then is its input.
        try terminal.enter("shell printf '\\127ord? '; read word; echo \"got $word\"", expecting: "Word? ")
        try terminal.enter("hello", expecting: "got hello", "› ")
        #expect(try terminal.quit() == 0)
    }
}
