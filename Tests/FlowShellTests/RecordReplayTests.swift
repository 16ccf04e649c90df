import Foundation
import Testing

/// `--record FILE` then `flowshell replay FILE`: a session checked against the current build.
@Suite struct RecordReplayTests {
    let config = FlowShellBinary.repository.appendingPathComponent("config.json").path

    private func record(in home: URL, _ script: String, extra: [String] = []) throws -> URL {
        let file = home.appendingPathComponent("session.jsonl")
        let result = try FlowShellBinary.run(["--config", config, "--record", file.path] + extra, input: script, in: home,
                                             environment: FlowShellBinary.environment(home: home))
        #expect(result.output.contains("Cars"), "the recorded session still shows its screens")
        return file
    }

    @Test func aReplayOfTheSameBuildFindsNoDifference() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = try record(in: home, "select rio\nbook\nlogin alice\nhours 2\nconfirm\nwhere\nfly\nhelp sort\n", extra: ["--color", "always"])
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains("\"type\":\"session\"") == true)
        #expect(lines.filter { $0.contains("\"type\":\"input\"") }.count == 8)
        #expect(!lines.contains { $0.contains("\u{1B}") }, "colour is not recorded")

        // Another width, another environment, state left by the recording: no difference.
        let replay = try FlowShellBinary.run(["replay", file.path, "--config", config], input: "", in: home,
                                             environment: FlowShellBinary.environment(home: home, extra: ["COLUMNS": "40"]))
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output == "\(file.path): replayed 8 lines and 11 records: no difference\n")
    }

    /// A refresh waits on the session's clock for the operators' round trips; on the replay's,
    /// which stands still between lines, the time passes while the line waits.
    @Test func aRefreshWaitingOnTheClockReplays() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = try record(in: home, "refresh\nselect rio\n", extra: ["--clock", "1736154000", "--clock-rate", "100"])
        let replay = try FlowShellBinary.run(["replay", file.path, "--config", config], input: "", in: home,
                                             environment: FlowShellBinary.environment(home: home))
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output.hasSuffix(": no difference\n"), "\(replay.output)")
    }

    @Test func aChangedScreenIsTheFirstDifference() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = try record(in: home, "select rio\nwhere\n")
        // The same flow, but a car's details now open as a modal layer.
        let changed = home.appendingPathComponent("changed.json")
        let text = try String(contentsOfFile: config, encoding: .utf8)
            .replacingOccurrences(of: "\"to\": \"cars.details\", \"style\": \"push\"", with: "\"to\": \"cars.details\", \"style\": \"present\"")
            .replacingOccurrences(of: "./config.schema.json", with: "schema.json")
        try Data(text.utf8).write(to: changed)
        let replay = try FlowShellBinary.run(["replay", file.path, "--config", changed.path], input: "", in: home,
                                             environment: FlowShellBinary.environment(home: home))
        #expect(replay.status == 1)
        #expect(replay.errors == """
        \(file.path):4: after typing 'select rio', screen cars.details 'Kia Rio' differs (- recorded, + now):
        +       "modal" : true,
        -       "modal" : false,

        """)
    }

    /// Every file under `folder`, with its bytes.
    private func contents(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? FileManager.default.enumerator(atPath: "/dev/null")! {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }

    @Test func aReplayTouchesNothingOfTheUsersAndReplaysTheClock() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = try record(in: home, "select rio\nbook\nlogin alice\nhours 2\nconfirm\n")
        // The recording notes the clock its session ran on: the booking screen's times replay as recorded.
        let header = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")[0]
        #expect(header.contains("\"clock\":"))
        // What the user has — data, state, history, session — stays byte for byte.
        let before = contents(of: home.appendingPathComponent(".local"))
        #expect(before.keys.contains { $0.hasSuffix("bookings.sqlite") })
        let replay = try FlowShellBinary.run(["replay", file.path, "--config", config], input: "", in: home,
                                             environment: FlowShellBinary.environment(home: home))
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(contents(of: home.appendingPathComponent(".local")) == before)
    }

    @Test func aReplayStopsTypingAtTheFirstDifference() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = try record(in: home, "select rio\nwhere\nback\nwhere\n")
        // The recording now says Kia Rio's screen showed another stack: what follows is not typed.
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"title\":\"Kia Rio\"}]", with: "\"title\":\"Kia Rio!\"}]")
        try Data(text.utf8).write(to: file)
        let replay = try FlowShellBinary.run(["replay", file.path, "--config", config], input: "", in: home,
                                             environment: FlowShellBinary.environment(home: home))
        #expect(replay.status == 1)
        #expect(replay.errors.contains(":4: after typing 'select rio', screen cars.details 'Kia Rio' differs"))
        #expect(!replay.errors.contains("after typing 'where'") && !replay.errors.contains("after typing 'back'"))
    }

    @Test func aFileThatIsNotARecordingIsRefused() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: file)
        let replay = try FlowShellBinary.run(["replay", file.path], input: "", in: home, environment: FlowShellBinary.environment(home: home))
        #expect(replay.status == 2)
        #expect(replay.errors == "error: \(file.path):1: not a FlowShell recording (each line is a JSON object with a \"type\")\n")
    }
}
