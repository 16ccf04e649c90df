import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell check` on the corpus of broken configs: each file beside its `.expected`, whose
/// first line is `exit N` and the rest the exact output.
@Suite struct CheckCommandTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    static let corpus = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/configs")

    static var corpusFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }

    struct Expectation {
        var status: Int32
        var output: String
    }

    static func expectation(for file: String) throws -> Expectation {
        let name = String(file.dropLast(".json".count))
        let text = try String(contentsOf: corpus.appendingPathComponent("\(name).expected"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let first = lines.removeFirst()
        guard first.hasPrefix("exit "), let status = Int32(first.dropFirst(5)) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return Expectation(status: status, output: lines.joined(separator: "\n"))
    }

    private func check(_ arguments: [String], in folder: URL = corpus) throws -> FlowShellBinary.Result {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        return try FlowShellBinary.run(["check"] + arguments, input: "", in: folder, environment: FlowShellBinary.environment(home: home))
    }

    @Test func theCorpusIsLargeAndEveryFileHasItsExpectation() throws {
        #expect(Self.corpusFiles.count >= 30)
        for file in Self.corpusFiles {
            _ = try Self.expectation(for: file)
        }
    }

    @Test(arguments: corpusFiles)
    func printsTheExpectedDiagnostics(file: String) throws {
        let expected = try Self.expectation(for: file)
        let result = try check(["--config", file])
        #expect(result.output == expected.output)
        #expect(result.status == expected.status)
        #expect(result.errors == "")
    }

    @Test(arguments: corpusFiles)
    func theShellRefusesBrokenFlowsWithTheSameMessages(file: String) throws {
        let expected = try Self.expectation(for: file)
        guard expected.status != 0 else { return }
        let result = try FlowShellBinary.run(
            ["--config", file], input: "where\n", in: Self.corpus,
            environment: FlowShellBinary.environment(home: home))
        let diagnostics = expected.output.components(separatedBy: "\n").dropLast(2)
        #expect(result.status == 2)
        #expect(result.output == "", "no screen, no prompt")
        #expect(result.errors.hasPrefix(diagnostics.joined(separator: "\n") + "\n"))
    }

    @Test(arguments: ["config.json", "examples/modal-details.json"])
    func theRepositorysFlowsAreClean(path: String) throws {
        let result = try check(["--config", path], in: FlowShellBinary.repository)
        #expect(result.status == 0)
        #expect(result.output == "")
    }

    @Test func aTenMegabyteFileIsRefusedUnread() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = Data("{\"app\": \"".utf8)
        text.append(Data(repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024))
        text.append(Data("\"}".utf8))
        try text.write(to: folder.appendingPathComponent("huge.json"))
        let result = try check(["--config", "huge.json"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.output
                == "huge.json: error: cannot read the flow config: it is larger than 1024 KiB; a flow config is a small JSON file\nhuge.json: 1 error\n"
        )
    }

    @Test func aMissingFileIsStatusTwo() throws {
        let result = try check(["--config", "no-such.json"])
        #expect(result.status == 2)
        #expect(result.output == "no-such.json: error: cannot read the flow config: no such file\nno-such.json: 1 error\n")
    }

    @Test func jsonFormatIsVersionedAndParsesBack() throws {
        let result = try check(["--config", "unknown-from-and-to.json", "--format", "json"])
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["v"] as? Int == 1)
        #expect(report["status"] as? String == "invalid")
        #expect(report["errors"] as? Int == 2)
        #expect(report["warnings"] as? Int == 0)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0]["severity"] as? String == "error")
        #expect(diagnostics[0]["file"] as? String == "unknown-from-and-to.json")
        #expect(diagnostics[0]["line"] as? Int == 6)
        #expect(diagnostics[0]["column"] as? Int == 15)
        #expect(diagnostics[0]["path"] as? String == "transitions[0].from")
        #expect(diagnostics[0]["message"] as? String == "unknown feature 'car.list' — did you mean 'cars.list'?")

        let clean = try check(["--config", "config.json", "--format", "json"], in: FlowShellBinary.repository)
        #expect(clean.output == "{\"diagnostics\":[],\"errors\":0,\"file\":\"config.json\",\"status\":\"valid\",\"v\":1,\"warnings\":0}\n")
    }
}
