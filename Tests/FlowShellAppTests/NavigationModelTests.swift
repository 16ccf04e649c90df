import FlowCoordinator
import FlowShellTestSupport
import Foundation
import Testing

/// The navigation model through the real binary: restored state goes through the guards and
/// looks its facts up, a failed link changes nothing, cycles stay bounded, and the config alone
/// adds a way to a screen.
@Suite struct NavigationModelTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A state file that puts a Tesla's booking, at a price of 0, straight on top of the list.
    func tamperedState(in folder: URL) throws -> URL {
        let state = folder.appendingPathComponent("nav.json")
        try Data(
            """
            {"v":1,"app":"carsharing","screens":[{"feature":"cars.list","flowRoot":false,"input":{},"presentation":"root"},\
            {"feature":"booking.confirm","flowRoot":false,"input":{"carID":"model3","carName":"Cheap Tesla","pricePerHour":"0"},"presentation":"presented"}]}
            """.utf8
        ).write(to: state)
        return state
    }

    @Test func aTamperedStateBooksNothingWithoutASession() throws {
        let state = try tamperedState(in: home)
        let data = home.appendingPathComponent("data").path
        let result = try flowshell(["--config", config, "--state", state.path, "--data-dir", data], input: "hours 72\nconfirm\nwhere\n")
        #expect(result.errors.hasPrefix("! Confirm booking was not reopened: nothing in this flow leads there from Cars\n"))
        #expect(result.errors.contains("✗ line 2: 'confirm' is a command of Confirm booking, not of Cars"))
        #expect(!result.output.contains("Booked"))
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
    }

    /// A stack saved with a booking of the Tesla whose name and price were edited in the file.
    static let tamperedBooking = """
        {"v":1,"app":"carsharing","screens":[{"feature":"cars.list","flowRoot":false,"input":{},"presentation":"root"},\
        {"feature":"cars.details","flowRoot":false,"input":{"carID":"model3"},"presentation":"pushed"},\
        {"feature":"booking.confirm","flowRoot":false,"input":{"carID":"model3","carName":"Cheap Tesla","pricePerHour":"0"},"presentation":"presented"}]}
        """

    @Test func aRestoredBookingNeedsItsSessionAndChargesTheFleetsPrice() throws {
        let data = home.appendingPathComponent("data").path
        let environment = FlowShellBinary.environment(home: home)
        let state = home.appendingPathComponent("nav.json")
        try Data(Self.tamperedBooking.utf8).write(to: state)
        let signedOut = try flowshell(
            ["--config", config, "--state", state.path, "--data-dir", data], input: "where\n", environment: environment)
        #expect(signedOut.errors == "! Confirm booking was not reopened: sign-in is needed first\n")
        #expect(signedOut.output.hasSuffix("1. Cars (cars.list)\n2. Tesla Model 3 (cars.details, carID=model3)\n"))

        // Sign in, then restore the same tampered stack: the booking screen comes back, with the
        // fleet's name and price, not the file's.
        _ = try flowshell(
            ["--config", config, "--fresh", "--data-dir", data, "--state", home.appendingPathComponent("other.json").path],
            input: "select rio\nbook\nlogin alice\n", environment: environment)
        try Data(Self.tamperedBooking.utf8).write(to: state)
        let signedIn = try flowshell(
            ["--config", config, "--state", state.path, "--data-dir", data], input: "hours 2\nconfirm\n", environment: environment)
        #expect(signedIn.errors == "")
        #expect(signedIn.output.contains("Price:    25 × 2 = 50"))
        #expect(signedIn.output.contains("✓ Booked Tesla Model 3 for 2 h"))
        #expect(!signedIn.output.contains("Cheap"))
    }

    @Test func aFailedLinkChangesNothing() throws {
        let result = try flowshell(["--config", config, "--fresh"], input: "select rio\nopen /cars/nope\nwhere\n")
        #expect(result.errors == "✗ line 2: cannot open Car details: no car 'nope'\n")
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n2. Kia Rio (cars.details, carID=rio)\n"))
    }

    @Test func aThousandOperatorCyclesStayAtConstantDepth() throws {
        let cycles = String(repeating: "operators\nchoose GreenGo\n", count: 1000)
        let result = try flowshell(["--config", config, "--fresh", "--output", "json"], input: cycles + "where\n")
        #expect(result.status == 0)
        let last = try #require(result.output.split(separator: "\n").last { $0.contains(#""type":"stack""#) })
        let stack = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])["stack"] as? [[String: Any]]
        #expect(stack?.map { $0["screen"] as? String } == ["cars.list", "cars.operators", "cars.list"])
    }

    @Test func theConfigAloneAddsAWayToAScreen() throws {
        let original = try String(contentsOfFile: config, encoding: .utf8)
        let edited = original.replacingOccurrences(
            of: #"    { "from": "cars.list", "on": "selected""#,
            with: """
                    { "from": "cars.list", "command": "whoami", "summary": "Show who is signed in", "to": "auth.account", "style": "push" },
                    { "from": "cars.list", "on": "selected"
                """)
        #expect(edited != original)
        let file = home.appendingPathComponent("config.json")
        try Data(edited.utf8).write(to: file)
        let environment = FlowShellBinary.environment(home: home)
        let check = try flowshell(["check", "--config", file.path], environment: environment)
        #expect(check.status == 0)
        let result = try flowshell(["--config", file.path, "--fresh"], input: "help\nwhoami\nwhere\n", environment: environment)
        #expect(result.output.range(of: #"\n  whoami +Show who is signed in\n"#, options: .regularExpression) != nil)
        #expect(result.output.contains("account, whoami — help for more"))
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n2. Account (auth.account)\n"))
        #expect(result.errors == "")
    }

    @Test func aCommandWhoseEventsLeadNowhereIsNotOffered() throws {
        let original = try String(contentsOfFile: config, encoding: .utf8)
        let lines = original.components(separatedBy: "\n").filter { !$0.contains("\"showBookings\"") && !$0.contains("\"/bookings\"") }
        let file = home.appendingPathComponent("config.json")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let result = try flowshell(["--config", file.path, "--fresh"], input: "help\n")
        #expect(result.output.contains("commands: select, filter, sort, refresh, operators, account — help for more\n"))
        #expect(!result.output.contains("Show my bookings"))
    }
}
