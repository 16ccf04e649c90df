import FlowShellTestSupport
import Foundation
import Testing

/// What cmd2, IPython, bash and fish users reach for at the prompt, through the binary with its
/// lines piped in: `?` and `CMD?` as help, `!prefix` and `!-N`, `history -r` and `history -o`,
/// aliases that take arguments (cmd2's macros), and the settings a feature module declares.
@Suite struct PromptConventionsTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aQuestionMarkAsksForHelp() throws {
        let result = try runDemo("?\nsort?\n? filter\n?select\nselct?\nhistory?\n")
        #expect(result.output.hasPrefix("Cars\n"))
        #expect(result.output.contains("Commands on this screen (Cars):\n  select CAR-ID"), "? is help")
        #expect(result.output.contains("usage: sort ORDER\n  Order the list by price, distance or name\n  ORDER: price, distance, name\n"))
        #expect(result.output.contains("usage: filter [TEXT]\n"))
        #expect(result.output.contains("usage: select CAR-ID\n"))
        // The options the terminal's capabilities add to a core command are said with it.
        #expect(result.output.contains("usage: history [-a] [-r] [-o FILE] [-e] [N]\n"))
        // Wrapped at words to COLUMNS, indented under the usage.
        #expect(
            result.output.contains(
                """
                  List the lines typed, or the last N (-a: earlier sessions' too; -r N, A..B or -N: run them again;
                  -o FILE: write them to FILE as a script; -e: edit them in your $EDITOR, then run them)

                """))
        #expect(result.errors == "✗ line 5: no command 'selct' here — did you mean 'select'?\n")
    }

    @Test func aOneLetterSlipIsNotTakenForAOneLetterAlias() throws {
        let result = try runDemo("alias s select\nx\n")
        #expect(result.errors == "✗ line 2: unknown command 'x' here — try help\n")
    }

    @Test func linesAreRecalledByTheirBeginningOrFromTheEnd() throws {
        let result = try runDemo("filter kia\nsort name\nfilter\n!filter kia\n!-3\n!so price\n!x\n")
        // Each recalled line is shown, then runs as typed then (with what follows the reference).
        #expect(result.output.contains("  filter kia\nCars\nID   Car      Operator   Price   Away\nrio  Kia Rio"))
        #expect(result.output.contains("  sort name\n  nothing changed\n"), "!-3 is the third line from the end")
        #expect(result.output.contains("  sort name price\n"), "what follows !so is added to the line")
        #expect(
            result.errors == """
                ✗ line 6: too many arguments — usage: sort ORDER
                ✗ line 7: no line starting with 'x' in the history — history lists them

                """)
        let history = try runDemo("where\n!wh\nhistory\n")
        #expect(history.output.hasSuffix("1  where\n2  where\n3  history\n"), "the recalled line is kept as it ran")
    }

    @Test func historyRunsLinesAgainAndWritesThemAsAScript() throws {
        let first = try runDemo(
            """
            sort name
            filter o
            select polo
            back
            history -r 2..4
            sort price
            history -r -1
            history -o steps.fs 1..3
            history -o all.fs
            history -r
            history -r 99
            history -x
            history

            """)
        #expect(first.output.contains("  filter o\n"), "each line is shown before it runs again")
        #expect(first.output.contains("  select polo\nVolkswagen Polo\n"))
        #expect(first.output.contains("  sort price\n  nothing changed\n"), "-1 is the line before")
        #expect(first.output.contains("✓ wrote 3 lines to steps.fs — run steps.fs runs them"))
        #expect(
            first.errors == """
                ✗ line 10: history -r needs the lines to run: N, A..B or -N (the last N) — usage: history [-a] [-r] [-o FILE] [-e] [N]
                ✗ line 11: no line 99 in this session's history — history lists them
                ✗ line 12: no option '-x' — usage: history [-a] [-r] [-o FILE] [-e] [N]

                """)
        // As bash's fc: history -r gave its place in the history to the lines it ran, even when
        // it ran none.
        #expect(
            first.output.hasSuffix(
                """
                 5  filter o
                 6  select polo
                 7  back
                 8  sort price
                 9  sort price
                10  history -o steps.fs 1..3
                11  history -o all.fs
                12  history -x
                13  history

                """), "\(first.output)")
        let script = try String(contentsOf: home.appendingPathComponent("steps.fs"), encoding: .utf8)
        #expect(script == "sort name\nfilter o\nselect polo\n")
        let session = try String(contentsOf: home.appendingPathComponent("all.fs"), encoding: .utf8)
        #expect(
            session
                == "sort name\nfilter o\nselect polo\nback\nfilter o\nselect polo\nback\nsort price\nsort price\nhistory -o steps.fs 1..3\n",
            "a script of what ran, with no line that names this session's lines")
        // A session of its own runs the script, and its lines are the script's, not typed ones.
        let second = try runDemo("run steps.fs\nwhere\nhistory\n")
        #expect(second.output.contains("2. Volkswagen Polo (cars.details, carID=polo)\n"))
        #expect(second.output.hasSuffix("1  run steps.fs\n2  where\n3  history\n"))
    }

    @Test func aLineThatRunsOthersNeverRunsItself() throws {
        let result = try runDemo("history -r -1\nhistory -r ..\nhistory -o steps.fs\nwhere\nhistory\n")
        #expect(
            result.errors == """
                ✗ line 1: no line -1 in this session's history — history lists them
                ✗ line 2: no line .. in this session's history — history lists them
                ✗ line 3: no lines to write yet — history -o FILE writes the lines typed before it

                """)
        #expect(result.output.hasSuffix("1  history -o steps.fs\n2  where\n3  history\n"), "\(result.output)")
    }

    @Test func aliasesTakeArgumentsInTheirPlaces() throws {
        let result = try runDemo(
            """
            alias pick select {1}
            alias match filter {2} {1}
            alias say shell echo {1}, {{1}} and
            match Rio Kia
            pick
            pick rio
            back
            say 'one two' three
            alias
            pick?
            help say

            """)
        #expect(result.output.contains("1 of 7 cars, by price, matching 'Kia Rio'"), "{2} {1} in their places")
        #expect(result.output.contains("Plate:    A123BC"), "pick rio selected the car")
        #expect(result.output.contains("one two, {1} and three\n"), "an alias of shell: {1} as one word, {{1}} kept, the rest after")
        #expect(result.output.contains("alias match filter {2} {1}\nalias pick select {1}\n"))
        #expect(result.errors == "✗ line 5: pick stands for 'select {1}', which needs 1 argument; {1} is missing\n")
        // Help on an alias says what it stands for and how to use the command it runs.
        #expect(result.output.contains("pick stands for 'select {1}'\nusage: select CAR-ID\n"), "\(result.output)")
        #expect(result.output.contains("say stands for 'shell echo {1}, {{1}} and'\nusage: shell COMMAND\n"), "\(result.output)")
    }

    @Test func waitLooksForTheTextAsTheScreenShowsIt() throws {
        // A table's row with its columns lined up, a key and its value as aligned: what was printed.
        let result = try runDemo(
            "filter kia\nwait --until 'rio  Kia Rio  CityDrive' --timeout 1\nselect rio\nwait --until 'Plate:    A123BC' --timeout 1\n"
                + "wait --until 'row:' --timeout 0\n")
        #expect(result.output.contains("rio  Kia Rio  CityDrive    9/h  350 m\n"))
        #expect(result.errors == "✗ line 5: wait: the screen did not show 'row:' within 0 s\n", "nothing the screen does not show")
    }

    @Test func aModulesSettingIsListedChangedAndKeptForThePerson() throws {
        let first = try runDemo("set\nhelp set\nset booking-hours 5\nset booking-hours 3\nset booking-hours\n")
        #expect(first.output.contains("booking-hours = 1     — the hours a new booking lasts until hours says otherwise (Booking)\n"))
        #expect(
            first.output.contains(
                "usage: set [NAME] [VALUE]\n  Show the settings, or change one (color, width, pager, confirm-quit, booking-hours)\n"
                    + "  NAME: color, width, pager, confirm-quit, booking-hours\n"))
        #expect(first.output.contains("✓ booking-hours = 3\nbooking-hours = 3\n"))
        #expect(first.errors == "✗ line 3: booking-hours must be 1, 2, 3, 4, 8 or 24, not '5'\n")
        // The next session, the person's: a booking lasts three hours from the start.
        let second = try runDemo("select rio\nbook\nlogin alice\n")
        #expect(second.output.contains("Duration: 3 hours"), "\(second.output)")
    }
}
