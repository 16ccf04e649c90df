import FlowShellTestSupport
import Foundation
import Testing

/// The conventions people bring from other shells, through the binary: history and `!N`,
/// aliases kept per app, `set`, `CMD --help`, `quit STATUS`, `run FILE`, did-you-mean, and
/// scripts that run the same every time and name their lines.
@Suite struct ReplConventionsTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func historyAndRecall() throws {
        let result = try runDemo("select rio\nback\nhistory\n!1\nwhere\nhistory 2\n!9\n")
        #expect(result.output.contains("1  select rio\n2  back\n3  history\n"))
        #expect(result.output.contains("  select rio\n\nKia Rio\n") || result.output.contains("  select rio\nKia Rio\n"))
        #expect(result.output.contains("2. Kia Rio (cars.details, carID=rio)\n"))
        #expect(result.output.contains("5  where\n6  history 2\n"))
        #expect(result.errors == "✗ line 7: no line !9 in the history — history lists them\n")
    }

    @Test func aliasesAreKeptPerApp() throws {
        let first = try runDemo("alias cheap sort price\nalias far sort distance\nalias back x\n")
        #expect(first.output.contains("✓ cheap now stands for 'sort price'"))
        #expect(first.errors == "✗ line 3: 'back' cannot be an alias: it is a global command\n")
        let second = try runDemo("far\nalias\nunalias far\nfar\n")
        #expect(second.output.contains("7 of 7 cars, by distance"))
        #expect(second.output.contains("alias cheap sort price\nalias far sort distance\n"))
        #expect(second.errors == "✗ line 4: unknown command 'far' here — try help\n")
    }

    @Test func anAliasMayNotHideAScreensCommandNorStandForItself() throws {
        let result = try runDemo(
            "alias select sort name\nalias book x\nalias refresh x\nalias loop loop --all\nalias s select\ns rio\nalias two book --hours 2\nalias\n"
        )
        #expect(
            result.errors == """
                ✗ line 1: 'select' cannot be an alias: it is a command of Cars
                ✗ line 2: 'book' cannot be an alias: it is a command of Car details
                ✗ line 3: 'refresh' cannot be an alias: it is a command of Cars and My bookings
                ✗ line 4: 'loop' cannot be an alias for itself

                """)
        #expect(result.output.contains("✓ s now stands for 'select'"))
        #expect(result.output.contains("Plate:"), "s rio selected the car")
        #expect(result.output.contains("alias s select\nalias two book --hours 2\n"), "an alias keeps its options")
    }

    @Test func settingsChangeTheOutputAndAreKept() throws {
        let first = try runDemo("set width 40\nset pager sometimes\nset\nset colr on\n")
        #expect(first.output.contains("✓ width = 40"))
        // At 40 columns each summary is wrapped under itself, the names and values aligned.
        #expect(
            first.output.contains(
                """
                color         = auto  — colour and text
                                        attributes
                """))
        #expect(first.output.contains("width         = 40    — the output width\n"))
        #expect(
            first.errors == """
                ✗ line 2: pager must be on or off, not 'sometimes'
                ✗ line 4: no setting 'colr' — did you mean 'color'?; settings: color, width, pager, confirm-quit, booking-hours

                """)
        let second = try runDemo("show\n")
        #expect(
            second.output.contains("commands: select, filter, sort, refresh,\noperators, bookings, account\n— help for more\n"),
            "40 columns, kept from last time")
    }

    @Test func everyCommandHasHelpAndQuitTakesAStatus() throws {
        let result = try runDemo("sort --help\nopen -h\nquit 7\nwhere\n")
        #expect(result.output.contains("usage: sort ORDER\n  Order the list by price, distance or name\n  ORDER: price, distance, name\n"))
        #expect(result.output.contains("usage: open LINK\n"))
        #expect(!result.output.contains("1. Cars"), "nothing runs after quit")
        #expect(result.status == 7)
        #expect(try runDemo("quit many\n").errors == "✗ line 1: STATUS must be a whole number from 0 to 255, not 'many'\n")
    }

    @Test func didYouMean() throws {
        #expect(try runDemo("selct rio\n").errors == "✗ line 1: unknown command 'selct' here — did you mean 'select'?\n")
        // A command the word begins comes before one a letter away; one of another screen is named with it.
        #expect(try runDemo("sel rio\n").errors == "✗ line 1: unknown command 'sel' here — did you mean 'select'?\n")
        #expect(try runDemo("book\n").errors == "✗ line 1: 'book' is a command of Car details, not of Cars\n")
        #expect(try runDemo("help book\n").errors == "✗ line 1: 'book' is a command of Car details, not of Cars\n")
        let subcommand = try flowshell(["chek"])
        #expect(subcommand.status == 64)
        #expect(subcommand.errors.hasPrefix("error: 'chek' is not a flowshell command — did you mean 'check'?\n"))
        let help = try flowshell(["--help"])
        #expect(help.output.contains("OPTIONS OF run"))
        #expect(help.output.contains("--config <PATH>") && help.output.contains("--open <LINK>") && help.output.contains("--fresh"))
    }

    @Test func scriptFilesStopAtTheFirstErrorAndNameTheirLine() throws {
        let script = home.appendingPathComponent("book.fs")
        try Data("select rio\nbook\nhours 2\nwhere\n".utf8).write(to: script)
        let file = try flowshell(["--config", config, "--script", script.path])
        #expect(file.status == 1)
        #expect(
            file.errors == "✗ line 3: 'hours' is a command of Confirm booking, not of Sign in\n",
            "signing in comes first, so the script stops there")
        #expect(!file.output.contains("1. Cars"))
        let goingOn = try flowshell(["--config", config, "--script", script.path, "--keep-going"])
        #expect(goingOn.output.contains("1. Cars (cars.list)\n2. Kia Rio (cars.details, carID=rio)\n3. Sign in [modal]"))
        // `run FILE` at the prompt does the same, naming the file's lines.
        let nested = try runDemo("run \(script.path)\nwhere\n")
        #expect(
            nested.errors
                == "✗ line 1: \(script.path):3: 'hours' is a command of Confirm booking, not of Sign in\n! line 1: \(script.path) stopped at line 3\n"
        )
        #expect(nested.output.contains("3. Sign in [modal]"))
    }

    @Test func theReadmeScriptRunsTheSameTwice() throws {
        let script = "select rio\nbook\nconfirm\nwhere\n"
        let first = try runDemo(script)
        let second = try runDemo(script)
        #expect(first.output == second.output)
        #expect(first.errors == second.errors)
        #expect(!first.output.contains("help for\nmore"), "piped text is not wrapped")
    }

    @Test func afterAnActionClosesAModalOnlyTheScreenNowShownIsPrinted() throws {
        let result = try runDemo("select rio\nbook\nlogin alice\nconfirm\n")
        #expect(result.output.contains("✓ Booked Kia Rio for 1 h — booking BK-1001\nKia Rio\n"))
        #expect(!result.output.contains("\nbooked\n"), "the closed booking screen, with its stale commands, is not shown")
    }
}
