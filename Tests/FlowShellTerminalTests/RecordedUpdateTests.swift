import FlowShellTestSupport
import Foundation
import Testing

/// A recording keeps the screens that changed by themselves, with the moment each came on the
/// session's clock; `flowshell replay` moves its own clock to those moments and compares them.
/// The recorded sessions run on a clock started at a fixed moment and run fast (hidden
/// `--clock`, `--clock-rate`), so that a booking starts within seconds: twelve of them, since the
/// lines from booking to opening My bookings must all come before it starts (on a busy machine
/// they took more than the four seconds a faster clock left, and the replay, whose booking starts
/// from the moment `from` was typed, found it running already). The replay itself does not race
/// anything: its clock moves only to recorded moments and for what a line waits for, never for
/// the wake My bookings' timer sleeps until (`ClockPacerTests`).
@Suite(.serialized) struct RecordedUpdateTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A whole minute, so that the times shown do not depend on the seconds.
    let start = 1_800_000_000

    /// Records, at a terminal, a booking made to start two hours on and My bookings open until
    /// it runs; returns the recording.
    private func recordBookingThatStarts(in home: URL) throws -> URL {
        let file = home.appendingPathComponent("session.jsonl")
        let terminal = try PseudoTerminal.flowshell(
            ["--config", config, "--record", file.path, "--clock", String(start), "--clock-rate", "600"], home: home)
        try terminal.expect("Cars › ")
        for (line, prompt) in [
            ("select rio", "Kia Rio › "), ("book", "[Sign in] › "), ("login alice", "› "), ("from 2", "› "),
            ("confirm", "Kia Rio › "), ("back", "Cars › "), ("bookings", "My bookings › "),
        ] {
            try terminal.enter(line, expecting: prompt)
        }
        // Two hours of the session's clock later, the list changes by itself.
        let update = try terminal.expect("My bookings changed by itself")
        #expect(update.contains("running"))
        #expect(try terminal.quit() == 0)
        return file
    }

    @Test func anUpdateTimeBroughtIsRecordedAndReplayedWithoutADifference() throws {
        let file = try recordBookingThatStarts(in: home)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("\"clock\":\(start)") == true)
        #expect(lines.first?.contains("\"v\":2") == true)
        let update = try #require(lines.firstIndex { $0.contains("\"type\":\"update\"") })
        #expect(lines[update].contains("\"by\":\"time\""))
        #expect(lines[update + 1].contains("\"cause\":\"update\"") && lines[update + 1].contains("running"))

        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output.hasPrefix("\(file.path): replayed 8 lines and "))
        #expect(replay.output.contains(" update") && replay.output.hasSuffix(": no difference\n"), "\(replay.output)")
    }

    @Test func aChangedUpdateIsADifference() throws {
        let file = try recordBookingThatStarts(in: home)
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let update = try #require(lines.firstIndex { $0.contains("\"type\":\"update\"") })
        // The recording now says the booking was still coming when the list changed.
        lines[update + 1] = lines[update + 1].replacingOccurrences(of: "\"running\"", with: "\"coming\"")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)

        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.status == 1)
        #expect(replay.errors.hasPrefix("\(file.path):\(update + 1): after typing 'bookings', update at "), "\(replay.errors)")
        #expect(replay.errors.contains("s: screen booking.list 'My bookings' differs (- recorded, + now):"))
        #expect(replay.errors.contains("+") && replay.errors.contains("running"))
    }

    @Test func anUpdateTheReplayDoesNotBringIsMissing() throws {
        let file = try recordBookingThatStarts(in: home)
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let update = try #require(lines.firstIndex { $0.contains("\"type\":\"update\"") })
        // The recording now says the list changed once more, a second later: nothing sleeps until then.
        let again = lines[update]
        let match = try #require(again.firstMatch(of: /"at":([0-9.]+)/))
        let moment = try #require(Double(match.1))
        lines.insert(
            contentsOf: [again.replacingOccurrences(of: "\"at\":\(moment)", with: "\"at\":\(moment + 1)"), lines[update + 1]],
            at: update + 2)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)

        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.status == 1)
        #expect(
            replay.errors.hasPrefix(
                "\(file.path):\(update + 3): after typing 'bookings', the recording shows update at \(moment + 1) s: "
                    + "screen booking.list 'My bookings' but the shell showed nothing more"), "\(replay.errors)")
    }

    @Test func anUpdateFromOutsideIsNamedAsNotReproduced() throws {
        let file = home.appendingPathComponent("session.jsonl")
        let environment = FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"])
        let terminal = try atCars(["--config", config, "--record", file.path], environment: environment)
        try terminal.enter("bookings", expecting: "[Sign in] › ")
        try terminal.enter("login alice", expecting: "My bookings › ")
        // Another shell books on the same data: the list changes, for a reason no replay has.
        let other = try flowshell(
            ["--config", config], input: "select rio\nbook\nlogin alice\nfrom 2\nconfirm\nquit\n", environment: environment)
        #expect(other.output.contains("BK-1001"))
        try terminal.expect("My bookings changed by itself")
        #expect(try terminal.quit() == 0)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let update = try #require(lines.firstIndex { $0.contains("\"type\":\"update\"") })
        #expect(lines[update].contains("\"by\":\"other\""))

        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(
            replay.output == "\(file.path): replayed 3 lines and \(lines.count - 6) records and 1 update: no difference "
                + "(not reproduced: an update from outside the shell at \(file.path):\(update + 1))\n")
    }

    @Test func aRecordingOfTheFirstVersionStillReplays() throws {
        let file = home.appendingPathComponent("session.jsonl")
        let recorded = try flowshell(["--config", config, "--record", file.path], input: "select rio\nbook\nlogin alice\nconfirm\n")
        #expect(recorded.status == 0)
        // Version 1 noted no moments: the clock stood at the start for the whole session.
        let text = try String(contentsOf: file, encoding: .utf8)
        let moments = try NSRegularExpression(pattern: "\"at\":[0-9.e+-]+,?")
        let old = moments.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            .replacingOccurrences(of: "\"v\":2", with: "\"v\":1")
        #expect(!old.contains("\"at\":"))
        try Data(old.utf8).write(to: file)
        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.errors == "")
        #expect(replay.status == 0)

        // A version this FlowShell does not know gets one clear message.
        try Data(old.replacingOccurrences(of: "\"type\":\"session\",\"v\":1", with: "\"type\":\"session\",\"v\":9").utf8).write(to: file)
        let future = try flowshell(["replay", file.path, "--config", config])
        #expect(future.status == 2)
        #expect(future.errors == "error: \(file.path):1: a recording of version 9; this FlowShell replays versions 1 to 2\n")
    }
}
