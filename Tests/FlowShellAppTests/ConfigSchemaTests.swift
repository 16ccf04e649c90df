import FlowShellTestSupport
import Foundation
import Testing

/// `config.schema.json` and the decoder agree: both accept the repository's configs, both
/// reject the corpus's structural mistakes. Semantic mistakes (which need the linked features)
/// pass the schema and are left to `flowshell check`.
@Suite struct ConfigSchemaTests {
    /// Mistakes only a check against the linked features can find (or, for duplicate keys,
    /// that JSON Schema cannot see because parsers keep the last value).
    static let semantic: Set<String> = [
        "any-screen-event-nobody-emits", "conflict-with-any-screen", "duplicate-key", "duplicate-transition",
        "event-never-emitted", "feature-of-unlisted-module", "payload-lacks-input", "root-needs-input",
        "root-trap-warning", "unknown-from-and-to", "unknown-module", "unknown-root-feature", "warnings-only",
        "unknown-flow", "requires-unknown-condition", "requires-without-guard", "guard-unknown-flow",
        "flow-finish-never-emitted", "link-missing-input", "link-not-from-root", "link-unknown-screen",
        "link-unused-parameter", "link-warns-no-transition", "flow-starts-itself", "root-transition-strands-links",
        "cr-line-endings", "crlf-line-endings", "root-typo-cascades-nothing", "examples-unknown-screen-and-command",
        "agents-read-only-person-confirms",
    ]

    /// The schema's verdict on each file: true when valid.
    private func schemaVerdicts(_ paths: [String]) throws -> [String: Bool] {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            verdicts = {}
            for path in sys.argv[2:]:
                try:
                    with open(path, encoding="utf-8") as handle:
                        verdicts[path] = validator.is_valid(json.load(handle))
                except (ValueError, RecursionError):
                    verdicts[path] = False
            print(json.dumps(verdicts))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script, FlowShellBinary.repository.appendingPathComponent("config.schema.json").path] + paths
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        return try JSONDecoder().decode([String: Bool].self, from: data)
    }

    @Test(.enabled(if: JSONSchemaValidator.isInstalled, "python3 with jsonschema is not installed"))
    func schemaAndCheckAgree() throws {
        let repository = FlowShellBinary.repository
        let good = ["config.json", "examples/modal-details.json", "examples/plugins.json", "examples/book-pushed.json"].map {
            repository.appendingPathComponent($0).path
        }
        let corpus = CheckCommandTests.corpusFiles
        let verdicts = try schemaVerdicts(good + corpus.map { CheckCommandTests.corpus.appendingPathComponent($0).path })
        for path in good {
            #expect(verdicts[path] == true, "the schema refuses \(path)")
        }
        var structural = 0
        for file in corpus {
            let name = String(file.dropLast(".json".count))
            let verdict = verdicts[CheckCommandTests.corpus.appendingPathComponent(file).path]
            let status = try CheckCommandTests.expectation(for: file).status
            if Self.semantic.contains(name) {
                #expect(verdict == true, "\(file) is a semantic mistake, which the schema cannot see")
            } else {
                structural += 1
                #expect(verdict == false, "the schema accepts \(file), which check refuses")
                #expect(status != 0, "check accepts \(file), which the schema refuses")
            }
        }
        #expect(structural >= 20)
    }

    @Test func theRepositorysConfigsNameTheSchema() throws {
        for (path, reference) in [
            ("config.json", "./config.schema.json"), ("examples/modal-details.json", "../config.schema.json"),
            ("examples/plugins.json", "../config.schema.json"), ("examples/book-pushed.json", "../config.schema.json"),
        ] {
            let data = try Data(contentsOf: FlowShellBinary.repository.appendingPathComponent(path))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["$schema"] as? String == reference)
        }
    }
}
