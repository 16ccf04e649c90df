import FlowShellTestSupport
import Foundation
import Testing

/// `--output json`: one JSON line per screen update and per answer on stdout, errors as JSON
/// lines on stderr, each with "v": 1 and a "type", and each line's answer ended by `done`.
@Suite struct MachineInterfaceTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    private func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func aScriptDrivesTheShellWithoutParsingText() throws {
        let result = try flowshell(
            ["--config", config, "--output", "json"], input: "select rio\nbook\nlogin alice\nhelp hours\nfly\nwhere\n")
        #expect(result.status == 1)
        let lines = try objects(result.output)
        #expect(lines.allSatisfy { $0["v"] as? Int == 1 })
        // Each line's answer ends with a `done` record: its number, and whether it failed.
        let answers = lines.filter { $0["type"] as? String != "done" }
        #expect(
            lines.map { $0["type"] as? String } == [
                "screen", "screen", "done", "message", "screen", "done", "screen", "done", "usage", "done", "done", "stack", "done",
            ])
        let done = lines.filter { $0["type"] as? String == "done" }
        #expect(done.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(done.map { $0["failed"] as? Bool } == [false, false, false, false, true, false])
        #expect(answers[2]["message"] as? String == "sign-in is needed first")
        #expect(answers[3]["screen"] as? String == "auth.login")

        let list = answers[0]
        #expect(list["screen"] as? String == "cars.list")
        #expect(list["title"] as? String == "Cars")
        #expect(list["status"] as? String == "7 of 7 cars, by price")
        let table = try #require((list["components"] as? [[String: Any]])?.first)
        #expect(table["kind"] as? String == "table")
        #expect((table["rows"] as? [[String]])?.first == ["smart", "Smart ForTwo", "UrbanWheels", "8/h", "150 m"])
        let select = try #require((list["commands"] as? [[String: Any]])?.first)
        #expect(select["usage"] as? String == "select CAR-ID")
        #expect(((select["arguments"] as? [[String: Any]])?.first?["values"] as? [String])?.contains("rio") == true)

        let booking = answers[4]
        #expect(booking["screen"] as? String == "booking.confirm")
        let stack = try #require(booking["stack"] as? [[String: Any]])
        #expect(stack.map { $0["screen"] as? String } == ["cars.list", "cars.details", "booking.confirm"])
        #expect(stack.map { $0["modal"] as? Bool } == [false, false, true])
        #expect((stack[2]["input"] as? [String: String]) == ["carID": "rio"])
        #expect(
            ((booking["components"] as? [[String: Any]])?.first?["pairs"] as? [[String: String]])?.first == [
                "key": "Car", "value": "Kia Rio",
            ])

        #expect(answers[5]["usage"] as? String == "hours HOURS")

        let errors = try objects(result.errors)
        #expect(errors.count == 1)
        #expect(errors[0]["type"] as? String == "error")
        #expect(errors[0]["message"] as? String == "line 5: unknown command 'fly' here — try help")
        #expect(!result.output.contains("\u{1B}"))
    }
}

/// Colour only on a terminal, unless NO_COLOR or TERM=dumb; --color overrides.
@Suite struct ColourPolicyTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func colourIsOffInAPipeUnlessForced() throws {
        let environment = FlowShellBinary.environment(home: home)
        let plain = try flowshell(["--config", config], input: "fly\n", environment: environment)
        #expect(!plain.output.contains("\u{1B}") && !plain.errors.contains("\u{1B}"))
        let forced = try flowshell(["--config", config, "--color", "always"], input: "fly\n", environment: environment)
        #expect(forced.output.hasPrefix("\u{1B}[1mCars\u{1B}[0m\n"))
        #expect(forced.errors == "\u{1B}[1;31m✗ line 1: unknown command 'fly' here — try help\u{1B}[0m\n")
        let bad = try flowshell(["--config", config, "--color", "sometimes"], environment: environment)
        #expect(bad.status != 0)
        #expect(bad.errors.contains("sometimes"))
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]], [[String](), ["--color", "never"]])
    func noColourOnATerminalWhenAskedNot(environment extra: [String: String], arguments: [String]) throws {
        // --color never alone, with colour otherwise allowed, also turns it off.
        let environment = arguments.isEmpty ? extra : [:]
        let terminal = try PseudoTerminal(
            executable: FlowShellBinary.url.path, arguments: ["--config", config] + arguments,
            environment: FlowShellBinary.environment(home: home, extra: environment), directory: home.path)
        let screen = try terminal.expect("7 of 7 cars, by price")
        #expect(!screen.contains("\u{1B}["), "escape codes with \(environment) \(arguments)")
        try terminal.expect("Cars › ")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }
}
