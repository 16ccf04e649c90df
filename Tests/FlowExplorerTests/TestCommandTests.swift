import FlowShellTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `flowshell test`, the real binary: its exit status, its three formats, the scripts it writes
/// and their replay, coverage asked for, plugins, and nothing of the user's touched.
// Serialized: each test waits for several runs of the binary on a thread of the test process's
// pool, which the other suites' tests need too.
@Suite(.serialized) struct TestCommandTests {
    /// A scratch home (HOME, XDG_STATE_HOME, XDG_DATA_HOME), a temporary folder (TMPDIR) and a
    /// work folder with `files`, removed after `body`.
    static func inScratch<T>(
        _ files: [String: String] = [:], _ body: (_ folder: URL, _ environment: [String: String]) throws -> T
    ) throws -> T {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: work.appendingPathComponent(name))
        }
        return try body(
            work,
            FlowShellBinary.environment(
                home: home,
                extra: [
                    "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                    "TMPDIR": folder.appendingPathComponent("tmp").path,
                ]))
    }

    static let sample = (try? String(contentsOf: FlowShellBinary.repository.appendingPathComponent("config.json"), encoding: .utf8)) ?? ""
    /// The sample with `book` pushing the booking instead of presenting it.
    static let bookPushed = sample.replacingOccurrences(
        of: #""to": "booking.confirm", "style": "present""#,
        with: #""to": "booking.confirm", "style": "push""#)

    /// examples/book-pushed.json, which docs/testing-flows.md tests, is the sample with that one change.
    @Test func theExampleOfAPushedBookingIsTheSampleWithOneChange() throws {
        let example = try String(
            contentsOf: FlowShellBinary.repository.appendingPathComponent("examples/book-pushed.json"), encoding: .utf8)
        #expect(
            example
                == Self.bookPushed.replacingOccurrences(
                    of: #""$schema": "./config.schema.json""#, with: #""$schema": "../config.schema.json""#))
    }

    @Test func theSampleFlowPassesWithEveryTransitionAndGuardOutcomeCovered() throws {
        try Self.inScratch(["config.json": Self.sample]) { folder, environment in
            let result = try FlowShellBinary.run(
                ["test", "--require-coverage", "transitions=100", "--require-coverage", "guards=100"],
                input: "", in: folder, environment: environment)
            #expect(result.status == 0, "\(result.output)\(result.errors)")
            #expect(result.errors == "")
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("  transitions           10/10  100%"))
            #expect(lines.contains("  guard outcomes          9/9  100%"))
            #expect(lines.last == "config.json: passed")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("flowshell-findings").path))
        }
    }

    @Test func theSameConfigGivesTheSameJSONOnEveryRun() throws {
        try Self.inScratch(["config.json": Self.sample]) { folder, environment in
            let first = try FlowShellBinary.run(["test", "--format", "json"], input: "", in: folder, environment: environment)
            let second = try FlowShellBinary.run(["test", "--format", "json"], input: "", in: folder, environment: environment)
            #expect(first.status == 0 && second.status == 0)
            #expect(first.output == second.output)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
            #expect(report["status"] as? String == "passed")
            #expect((report["findings"] as? [Any])?.isEmpty == true)
        }
    }

    /// `check` warns of it; `test` shows it fails, with a script that replays to the same message,
    /// from the command line and at the prompt.
    @Test func aPushedBookingIsFoundAndItsScriptReplaysIt() throws {
        try Self.inScratch(["flow.json": Self.bookPushed]) { folder, environment in
            let check = try FlowShellBinary.run(["check", "--config", "flow.json"], input: "", in: folder, environment: environment)
            #expect(check.status == 0)
            #expect(
                check.output.contains(
                    "flow.json:13:62: warning: transitions[6].style: 'booking.confirm' is shown outside any modal layer (shown by 'book' from 'cars.details', push): there 'confirmed' has no modal layer to dismiss — present it, or use 'pop'"
                ))

            let result = try FlowShellBinary.run(["test", "--config", "flow.json"], input: "", in: folder, environment: environment)
            #expect(result.status == 1)
            let lines = result.output.split(separator: "\n").map(String.init)
            let message = "'confirmed' asks to dismiss, but no modal layer is open"
            #expect(lines.first == "flow.json:13:5: error: transition-failed: \(message)")
            #expect(lines.dropFirst().first?.hasPrefix("  path: select smart › book › login alice › confirm (and ") == true)
            let replay = #"  replay: flowshell --config flow.json --data-dir "$(mktemp -d)" --script flowshell-findings/finding-1.script"#
            #expect(lines.dropFirst(2).first == replay)
            #expect(lines.last == "flow.json: failed — 2 failures found")
            let script = try String(contentsOf: folder.appendingPathComponent("flowshell-findings/finding-1.script"), encoding: .utf8)
            #expect(script.hasSuffix("\nselect smart\nbook\nlogin alice\nconfirm\n"))
            #expect(script.hasPrefix("# transition-failed at flow.json:13:5 (transitions[6])\n# \(message)\n"))

            // The replay line as printed, run by a shell, with the built binary as flowshell.
            let bin = folder.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("flowshell"), withDestinationURL: FlowShellBinary.url)
            var shellEnvironment = environment
            shellEnvironment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "")
            let replayed = try FlowShellBinary.run(
                ["bash", "-c", String(replay.dropFirst("  replay: ".count))], input: "", in: folder,
                environment: shellEnvironment, executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(replayed.status == 1)
            #expect(replayed.errors.contains("line 9: \(message)"), "\(replayed.errors)")

            // At the prompt of a fresh session: `run FILE`.
            let data = folder.appendingPathComponent("data-at-the-prompt").path
            let atPrompt = try FlowShellBinary.run(
                ["--config", "flow.json", "--data-dir", data], input: "run flowshell-findings/finding-1.script\n",
                in: folder, environment: environment)
            #expect(atPrompt.errors.contains(message), "\(atPrompt.errors)")

            // The findings of an earlier run go when a run finds none.
            try Data(Self.sample.utf8).write(to: folder.appendingPathComponent("flow.json"))
            let fixed = try FlowShellBinary.run(["test", "--config", "flow.json"], input: "", in: folder, environment: environment)
            #expect(fixed.status == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("flowshell-findings").path))
        }
    }

    #if canImport(FoundationXML)
    @Test func junitHasATestCasePerTransitionAndParsesAsXML() throws {
        try Self.inScratch(["flow.json": Self.bookPushed]) { folder, environment in
            let result = try FlowShellBinary.run(
                ["test", "--config", "flow.json", "--format", "junit"], input: "", in: folder, environment: environment)
            #expect(result.status == 1)
            let document = try XMLDocument(data: Data(result.output.utf8))
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            let suites = root.elements(forName: "testsuite")
            let transitions = try #require(suites.first { $0.attribute(forName: "name")?.stringValue == "flow.json: transitions" })
            let cases = transitions.elements(forName: "testcase")
            #expect(cases.count == 10)
            let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }.compactMap { $0.attribute(forName: "name")?.stringValue }
            #expect(
                failed == [
                    "transitions[6] (line 13) booking.confirm confirmed (dismiss)",
                    "transitions[7] (line 14) booking.confirm cancelled (dismiss)",
                ])
            let failure = try #require(cases[6].elements(forName: "failure").first)
            #expect(failure.attribute(forName: "type")?.stringValue == "transition-failed")
            #expect(failure.attribute(forName: "message")?.stringValue == "'confirmed' asks to dismiss, but no modal layer is open")
            #expect(failure.stringValue?.contains("path: select smart › book › login alice › confirm") == true)
            #expect(
                suites.first { $0.attribute(forName: "name")?.stringValue == "flow.json: links" }?.elements(forName: "testcase").count == 4)
        }
    }
    #endif

    @Test func aConfigThatDoesNotLoadIsStatusTwoInEveryFormat() throws {
        try Self.inScratch(["flow.json": #"{ "app": "x", "root": "cars.lst", "modules": ["Cars"] }"#]) { folder, environment in
            let text = try FlowShellBinary.run(["test", "--config", "flow.json"], input: "", in: folder, environment: environment)
            #expect(text.status == 2)
            #expect(text.errors.hasPrefix("flow.json:1:23: error: root: unknown feature 'cars.lst' — did you mean 'cars.list'?"))
            let json = try FlowShellBinary.run(
                ["test", "--config", "flow.json", "--format", "json"], input: "", in: folder, environment: environment)
            #expect(json.status == 2)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(report["status"] as? String == "unloadable")
            let missing = try FlowShellBinary.run(["test", "--config", "nowhere.json"], input: "", in: folder, environment: environment)
            #expect(missing.status == 2)
            let wrong = try FlowShellBinary.run(
                ["test", "--require-coverage", "transitons=100"], input: "", in: folder, environment: environment)
            #expect(wrong.status == 64)
            #expect(wrong.errors.contains("--require-coverage: unknown kind 'transitons' — did you mean 'transitions'?"))
        }
    }

    /// Coverage short of what is asked fails the run, though no path failed.
    @Test func requiredCoverageThatIsNotReachedFails() throws {
        try Self.inScratch(["config.json": Self.sample]) { folder, environment in
            let short = try FlowShellBinary.run(["test", "--paths", "20"], input: "", in: folder, environment: environment)
            #expect(short.status == 0, "no path failed: \(short.output)")
            #expect(short.output.contains("stopped at the limit of 20 paths"))
            let required = try FlowShellBinary.run(
                ["test", "--paths", "20", "--require-coverage", "transitions=100"], input: "", in: folder,
                environment: environment)
            #expect(required.status == 1)
            #expect(required.output.contains("config.json: error: --require-coverage transitions=100 not met: 20% covered"))
        }
    }

    /// A plugin screen's command is typed with the values it declares, and its free text only
    /// with the config's examples.
    @Test func aPluginsCommandIsTriedOnlyWithItsDeclaredValues() throws {
        let plugin = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/plugins/swatches.py").path
        try Self.inScratch() { folder, environment in
            let log = folder.appendingPathComponent("commands.log").path
            func config(examples: String) -> String {
                """
                {
                  "app": "swatches", "root": "cars.list", "modules": ["Cars"],
                  "plugins": [{ "module": "Swatches", "command": ["python3", "\(plugin)"], "timeoutMs": 60000 }],
                  "transitions": [
                    { "from": "cars.list", "command": "swatches", "to": "swatch.board", "style": "push" },
                    { "from": "swatch.board", "on": "finished", "style": "pop" }
                  ]\(examples)
                }
                """
            }
            try Data(config(examples: "").utf8).write(to: folder.appendingPathComponent("flow.json"))
            let environment = environment.merging(["FLOWSHELL_ALLOW_PLUGINS": "1", "SWATCHES_LOG": log]) { $1 }
            let result = try FlowShellBinary.run(["test", "--config", "flow.json"], input: "", in: folder, environment: environment)
            let typed = Set(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
            #expect(typed == ["paint red", "paint green", "finish"], "\(result.output)\(result.errors)")
            #expect(
                result.output.contains(
                    "note: command not covered: swatch.board label — TEXT offers no value here, and the config gives no example (examples)")
            )

            try FileManager.default.removeItem(atPath: log)
            try Data(config(examples: #", "examples": { "swatch.board": { "label": ["first coat"] } }"#).utf8)
                .write(to: folder.appendingPathComponent("flow.json"))
            _ = try FlowShellBinary.run(["test", "--config", "flow.json"], input: "", in: folder, environment: environment)
            let withExamples = Set(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
            #expect(withExamples == ["paint red", "paint green", "label first coat", "finish"])
        }
    }

    /// A plugin that writes a file its command names has changed since it was trusted when it is
    /// next started, on the next path: the finding says what the fresh session met (it said only
    /// that the screens differ).
    @Test func aPluginThatWritesAFileItsCommandNamesIsSaidNotToStartAgain() throws {
        let plugin = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/plugins/swatches.py").path
        try Self.inScratch(["commands.log": ""]) { folder, environment in
            let log = folder.appendingPathComponent("commands.log").path
            // The log is named in the command too, so its stamp is part of what is trusted.
            let config = """
                {
                  "app": "swatches", "root": "cars.list", "modules": ["Cars"],
                  "plugins": [{ "module": "Swatches", "command": ["python3", "\(plugin)", "commands.log"], "timeoutMs": 60000 }],
                  "transitions": [
                    { "from": "cars.list", "command": "swatches", "to": "swatch.board", "style": "push" },
                    { "from": "swatch.board", "on": "finished", "style": "pop" }
                  ]
                }
                """
            try Data(config.utf8).write(to: folder.appendingPathComponent("flow.json"))
            let environment = environment.merging(["FLOWSHELL_ALLOW_PLUGINS": "1", "SWATCHES_LOG": log]) { $1 }
            let result = try FlowShellBinary.run(
                ["test", "--config", "flow.json", "--format", "json"], input: "", in: folder, environment: environment)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.errors)")
            let findings = report["findings"] as? [[String: Any]] ?? []
            let nondeterministic = try #require(findings.first { $0["kind"] as? String == "nondeterministic" }, "\(result.output)")
            let message = try #require(nondeterministic["message"] as? String)
            #expect(
                message.contains("; in the fresh session, 'swatches' met: cannot open Swatches: plugin Swatches was not started: "),
                "\(message)")
            #expect(message.contains("changed since its config was trusted"), "\(message)")
            #expect(nondeterministic["steps"] as? [String] == ["swatches"])
        }
    }

    /// Nothing of the user's is read or written but their trust: no state, data or history in
    /// their folders, and the run's scratch folder removed.
    @Test func nothingOfTheUsersIsWritten() throws {
        try Self.inScratch(["config.json": Self.sample]) { folder, environment in
            let scratch = try #require(environment["TMPDIR"])
            let result = try FlowShellBinary.run(["test"], input: "", in: folder, environment: environment)
            #expect(result.status == 0)
            let home = folder.deletingLastPathComponent().appendingPathComponent("home")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: home.path) == [])
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["config.json"])
        }
    }

    /// `--format json` as test-report.schema.json describes it, for a pass, a failure and a
    /// config that does not load.
    @Test(.enabled(if: JSONSchemaValidator.isInstalled, "python3 with jsonschema is not installed"))
    func theJSONReportMatchesItsSchema() throws {
        try Self.inScratch(["config.json": Self.sample, "pushed.json": Self.bookPushed, "broken.json": #"{ "app": 1 }"#]) {
            folder, environment in
            var documents: [String] = []
            for arguments in [["--require-coverage", "transitions=100"], ["--config", "pushed.json"], ["--config", "broken.json"]] {
                let result = try FlowShellBinary.run(
                    ["test", "--format", "json"] + arguments, input: "", in: folder, environment: environment)
                let path = folder.appendingPathComponent("report-\(documents.count).json").path
                try Data(result.output.utf8).write(to: URL(fileURLWithPath: path))
                documents.append(path)
            }
            let script = """
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[1]))
                jsonschema.Draft202012Validator.check_schema(schema)
                for path in sys.argv[2:]:
                    jsonschema.validate(json.load(open(path)), schema, cls=jsonschema.Draft202012Validator)
                    print(json.load(open(path))["status"])
                """
            let schema = FlowShellBinary.repository.appendingPathComponent("test-report.schema.json").path
            let python = try FlowShellBinary.run(
                ["python3", "-c", script, schema] + documents, input: "", in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(python.status == 0, "\(python.errors)")
            #expect(python.output == "passed\nfailed\nunloadable\n")
        }
    }
}
