import FlowShellTestSupport
import Foundation
import Testing

/// `--record FILE` then `flowshell replay FILE`: a session checked against the current build.
@Suite struct RecordReplayTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    private func record(in home: URL, _ script: String, extra: [String] = []) throws -> URL {
        let file = home.appendingPathComponent("session.jsonl")
        let result = try FlowShellBinary.run(
            ["--config", config, "--record", file.path] + extra, input: script, in: home,
            environment: FlowShellBinary.environment(home: home))
        #expect(result.output.contains("Cars"), "the recorded session still shows its screens")
        return file
    }

    @Test func aReplayOfTheSameBuildFindsNoDifference() throws {
        let file = try record(
            in: home, "select rio\nbook\nlogin alice\nhours 2\nconfirm\nwhere\nfly\nhelp sort\n", extra: ["--color", "always"])
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains("\"type\":\"session\"") == true)
        #expect(lines.filter { $0.contains("\"type\":\"input\"") }.count == 8)
        #expect(!lines.contains { $0.contains("\u{1B}") }, "colour is not recorded")

        // Another width, another environment, state left by the recording: no difference.
        let replay = try flowshell(
            ["replay", file.path, "--config", config], environment: FlowShellBinary.environment(home: home, extra: ["COLUMNS": "40"]))
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output == "\(file.path): replayed 8 lines and 11 records: no difference\n")
    }

    /// A refresh waits on the session's clock for the operators' round trips; on the replay's,
    /// which stands still between lines, the time passes while the line waits.
    @Test func aRefreshWaitingOnTheClockReplays() throws {
        let file = try record(in: home, "refresh\nselect rio\n", extra: ["--clock", "1736154000", "--clock-rate", "100"])
        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output.hasSuffix(": no difference\n"), "\(replay.output)")
    }

    @Test func aChangedScreenIsTheFirstDifference() throws {
        let file = try record(in: home, "select rio\nwhere\n")
        // The same flow, but a car's details now open as a modal layer.
        let changed = home.appendingPathComponent("changed.json")
        let text = try String(contentsOfFile: config, encoding: .utf8)
            .replacingOccurrences(
                of: "\"to\": \"cars.details\", \"style\": \"push\"", with: "\"to\": \"cars.details\", \"style\": \"present\""
            )
            .replacingOccurrences(of: "./config.schema.json", with: "schema.json")
        try Data(text.utf8).write(to: changed)
        let replay = try flowshell(["replay", file.path, "--config", changed.path])
        #expect(replay.status == 1)
        #expect(
            replay.errors == """
                \(file.path):4: after typing 'select rio', screen cars.details 'Kia Rio' differs (- recorded, + now):
                +       "modal" : true,
                -       "modal" : false,

                """)
    }

    /// Every file under `folder`, with its bytes.
    private func contents(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? FileManager.default.enumerator(
            atPath: "/dev/null")!
        {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }

    @Test func aReplayTouchesNothingOfTheUsersAndReplaysTheClock() throws {
        let file = try record(in: home, "select rio\nbook\nlogin alice\nhours 2\nconfirm\n")
        // The recording notes the clock its session ran on: the booking screen's times replay as recorded.
        let header = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")[0]
        #expect(header.contains("\"clock\":"))
        // What the user has — data, state, history, session — stays byte for byte.
        let before = contents(of: home.appendingPathComponent(".local"))
        #expect(before.keys.contains { $0.hasSuffix("bookings.sqlite") })
        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(contents(of: home.appendingPathComponent(".local")) == before)
    }

    @Test func aReplayStopsTypingAtTheFirstDifference() throws {
        let file = try record(in: home, "select rio\nwhere\nback\nwhere\n")
        // The recording now says Kia Rio's screen showed another stack: what follows is not typed.
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "\"title\":\"Kia Rio\"}]", with: "\"title\":\"Kia Rio!\"}]")
        try Data(text.utf8).write(to: file)
        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.status == 1)
        #expect(replay.errors.contains(":4: after typing 'select rio', screen cars.details 'Kia Rio' differs"))
        #expect(!replay.errors.contains("after typing 'where'") && !replay.errors.contains("after typing 'back'"))
    }

    @Test func aFileThatIsNotARecordingIsRefused() throws {
        let file = home.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: file)
        let replay = try flowshell(["replay", file.path])
        #expect(replay.status == 2)
        #expect(replay.errors == "error: \(file.path):1: not a FlowShell recording (each line is a JSON object with a \"type\")\n")
    }

    /// A recording is a file anyone may have edited: its lines reach none of this machine's
    /// files or programs, and the lines that would are named before anything runs.
    @Test func aRecordingEditedToReachTheMachineRunsNothing() throws {
        let file = try record(in: home, "select rio\nwhere\n")
        let secret = home.appendingPathComponent("secret.txt")
        try Data("the first line of a secret\n".utf8).write(to: secret)
        let created = home.appendingPathComponent("created")
        let written = home.appendingPathComponent("written")
        let edited = [
            "shell touch \(created.path)", "where > \(written.path)", "run \(secret.path)", "alias z shell touch \(created.path)",
        ]
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let whereAt = try #require(lines.firstIndex { $0.contains("\"line\":\"where\"") })
        let inputs = edited.map { #"{"at":0.05,"line":"\#($0)","type":"input","v":2}"# }
        lines.insert(contentsOf: inputs, at: whereAt)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)

        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.status == 2)
        #expect(replay.output == "")
        #expect(
            replay.errors == """
                error: \(file.path): nothing was replayed: a replay runs only what keeps to the session, and these lines reach beyond it:
                  \(file.path):\(whereAt + 1): 'shell touch \(created.path)' runs programs of this machine
                  \(file.path):\(whereAt + 2): 'where > \(written.path)' reads or writes files of this machine
                  \(file.path):\(whereAt + 3): 'run \(secret.path)' reads or writes files of this machine
                  \(file.path):\(whereAt + 4): 'alias z shell touch \(created.path)' runs programs of this machine
                If you trust what they do, replay with --allow programs --allow files.

                """)
        // Allowing one power does not allow the other.
        let filesOnly = try flowshell(["replay", file.path, "--config", config, "--allow", "files"])
        #expect(filesOnly.status == 2)
        #expect(filesOnly.errors.contains("runs programs") && !filesOnly.errors.contains("reads or writes files"))
        #expect(!FileManager.default.fileExists(atPath: created.path))
        #expect(!FileManager.default.fileExists(atPath: written.path))
        #expect(!replay.errors.contains("the first line of a secret") && !filesOnly.errors.contains("the first line of a secret"))

        // Named by the user, both run.
        let allowed = try flowshell(["replay", file.path, "--config", config, "--allow", "files", "--allow", "programs"])
        #expect(allowed.status != 2, "\(allowed.errors)")
        #expect(FileManager.default.fileExists(atPath: created.path))
        #expect(FileManager.default.fileExists(atPath: written.path))
    }

    /// The first thing a user tries: a session recorded on the data folder that holds their
    /// bookings, at the place kept from last time, replays as it was — the recording keeps what
    /// the session started from, and the replay starts there, in a folder of its own.
    @Test func aRecordingMadeOnDataThatHoldsBookingsAndAPlaceReplays() throws {
        let environment = FlowShellBinary.environment(home: home)
        // A booking in the user's own data, and a place kept from last time (Kia Rio).
        _ = try flowshell(["--config", config], input: "select rio\nbook\nlogin alice\nconfirm\n", environment: environment)
        _ = try flowshell(["--config", config, "--restore"], input: "select rio\n", environment: environment)
        let file = home.appendingPathComponent("session.jsonl")
        let recorded = try flowshell(
            ["--config", config, "--restore", "--record", file.path], input: "where\nback\nbookings\n", environment: environment)
        #expect(recorded.output.contains("BK-1001"))
        #expect(recorded.output.contains("2. Kia Rio (cars.details, carID=rio)"))
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 2 && lines[1].contains("\"type\":\"start\""))

        let before = contents(of: home.appendingPathComponent(".local"))
        let replay = try flowshell(["replay", file.path, "--config", config], environment: environment)
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output == "\(file.path): replayed 3 lines and 4 records: no difference\n")
        #expect(contents(of: home.appendingPathComponent(".local")) == before, "the user's data and place are left as they were")
    }

    /// A start record edited to write outside the replay's folder is refused, and nothing is written.
    @Test func aStartRecordNamingAFileOutsideItsFolderIsRefused() throws {
        let file = try record(in: home, "where\n")
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.removeAll { $0.contains("\"type\":\"start\"") }
        let escaped = home.appendingPathComponent("escaped")
        lines.insert(#"{"files":[{"base64":"aGk=","name":"../../../../../../../../../../\#(escaped.path)"}],"type":"start","v":2}"#, at: 1)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let replay = try flowshell(["replay", file.path, "--config", config])
        #expect(replay.status == 2)
        #expect(replay.errors.hasPrefix("error: \(file.path): its data names a file outside the data folder"))
        #expect(!FileManager.default.fileExists(atPath: escaped.path))
    }
}
