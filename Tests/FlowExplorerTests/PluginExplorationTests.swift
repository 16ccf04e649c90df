import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell test` on flows with a plugin, the real binary: each session runs the plugin in a
/// process of its own, so a failure — a command the plugin's deadline stopped, a crash — is
/// reported on the path that caused it, and every finding's script meets it again at the shell.
// Serialized: each test waits for runs of the binary, and the plugin's deadline is under test.
@Suite(.serialized) struct PluginExplorationTests {
    static let plugin = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/plugins/slow.py").path

    /// The plugin's deadline, the one under test: `stall` never answers, and the other commands
    /// answer at once, far within it however busy the machine (starting the plugin has a time
    /// of its own, ten seconds at least, to say hello).
    static let timeoutMs = 5000

    /// The slow board pushed by `board` and presented by `easel`, from the car list; `finished`
    /// leaves it as `finishing` says, and the board offers `crash` when `crashing`.
    static func config(finishing: String = "pop", crashing: Bool = false) -> String {
        """
        {
          "app": "slow", "root": "cars.list", "modules": ["Cars"],
          "plugins": [{ "module": "Slow", "command": ["python3", "\(plugin)"\(crashing ? #", "crash""# : "")], "timeoutMs": \(timeoutMs) }],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" },
            { "from": "cars.list", "command": "board", "to": "slow.board", "style": "push" },
            { "from": "cars.list", "command": "easel", "to": "slow.board", "style": "present" },
            { "from": "slow.board", "on": "finished", "style": "\(finishing)" }
          ]
        }
        """
    }

    /// What `flowshell test --format json` found, each finding as a dictionary.
    static func findings(in folder: URL, environment: [String: String]) throws -> (status: Int32, findings: [[String: Any]], output: String)
    {
        let result = try FlowShellBinary.run(
            ["test", "--config", "flow.json", "--format", "json"], input: "", in: folder, environment: environment)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.errors)")
        return (result.status, report["findings"] as? [[String: Any]] ?? [], result.output + result.errors)
    }

    /// Replays a finding's script as its replay line does, in a fresh session with a data folder
    /// of its own, and expects it to stop at the script's last line with what the finding said.
    static func expectReplays(_ finding: [String: Any], in folder: URL, environment: [String: String]) throws {
        let script = try #require(finding["script"] as? String)
        let message = try #require(finding["message"] as? String)
        let lines = try String(contentsOf: folder.appendingPathComponent(script), encoding: .utf8).split(separator: "\n")
        let data = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let replayed = try FlowShellBinary.run(
            ["--config", "flow.json", "--data-dir", data.path, "--script", script], input: "",
            in: folder, environment: environment)
        // A command's failure is reported as `'CMD' on SCREEN failed: WHY`; the shell says WHY.
        let said =
            finding["kind"] as? String == "command-failed"
            ? String(message[try #require(message.range(of: " failed: ")).upperBound...]) : message
        #expect(replayed.status == 1, "\(script): \(replayed.errors)")
        #expect(replayed.errors.contains("line \(lines.count): \(said)"), "\(script) (\(message)): \(replayed.errors)")
    }

    /// The plugin's deadline stops it during `stall`, on both paths that reach the board: each is
    /// its own path's failure (it went unreported, and the plugin's stop met other paths), the
    /// one finding of its path, and its script meets it again at the shell.
    @Test func aCommandWhosePluginIsStoppedForItsDeadlineIsThatPathsFailure() throws {
        try TestCommandTests.inScratch(["flow.json": Self.config()]) { folder, environment in
            let environment = environment.merging(["FLOWSHELL_ALLOW_PLUGINS": "1"]) { $1 }
            let run = try Self.findings(in: folder, environment: environment)
            #expect(run.status == 1, "\(run.output)")
            #expect(run.findings.map { $0["steps"] as? [String] ?? [] } == [["board", "stall"], ["easel", "stall"]], "\(run.output)")
            let why = "plugin Slow did not answer 'command' within \(Self.timeoutMs) ms, so it was stopped"
            for finding in run.findings {
                #expect(finding["kind"] as? String == "command-failed")
                #expect(finding["message"] as? String == "'stall' on Slow board (slow.board) failed: \(why)")
                #expect(finding["alsoOn"] as? Int == 0, "met on no other path")
                try Self.expectReplays(finding, in: folder, environment: environment)
            }
        }
    }

    /// Every finding of `flowshell test` on a flow with a plugin replays as reported: the
    /// plugin's deadline and its crash, each on its path — and not the dismiss of the pushed
    /// board that `finish` would ask for had another path painted a board in the same process
    /// (its script would be refused at the shell, where no board was painted).
    @Test func everyFindingOnAFlowWithAPluginReplaysAsReported() throws {
        try TestCommandTests.inScratch(["flow.json": Self.config(finishing: "dismiss", crashing: true)]) { folder, environment in
            let environment = environment.merging(["FLOWSHELL_ALLOW_PLUGINS": "1"]) { $1 }
            let run = try Self.findings(in: folder, environment: environment)
            #expect(run.status == 1)
            let found = run.findings.map { "\($0["kind"] as? String ?? "") \(($0["steps"] as? [String] ?? []).joined(separator: " › "))" }
            #expect(
                Set(found) == [
                    "command-failed board › stall", "command-failed easel › stall", "command-failed board › crash",
                    "command-failed easel › crash",
                ], "\(run.output)")
            for finding in run.findings {
                try Self.expectReplays(finding, in: folder, environment: environment)
            }
        }
    }
}
