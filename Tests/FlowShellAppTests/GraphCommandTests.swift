import FlowShellTestSupport
import Foundation
import Testing

@Suite struct GraphCommandTests {
    private func graph(_ arguments: [String], in folder: URL = FlowShellBinary.repository) throws -> FlowShellBinary.Result {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        return try FlowShellBinary.run(["graph"] + arguments, input: "", in: folder, environment: FlowShellBinary.environment(home: home))
    }

    static let dotPath: String? = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func mermaidHasEveryScreenInItsModuleAndEveryTransition() throws {
        let result = try graph([])
        #expect(result.status == 0)
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.first == "flowchart LR")
        #expect(lines.contains("  subgraph n_Cars[\"Cars\"]"))
        #expect(lines.contains("    n_cars_list[\"Cars<br/><small>cars.list</small>\"]"))
        #expect(lines.contains("  start --> n_cars_list"))
        #expect(lines.contains("  n_cars_list -->|\"selected · push\"| n_cars_details"))
        #expect(lines.contains("  n_booking_confirm -.->|\"confirmed · dismiss\"| close_screen"))
        #expect(lines.contains("  n_cars_details -.->|\"book · present · requires session\"| n_booking_confirm"))
        #expect(lines.contains("  n_flow_login -. starts .-> n_auth_login"))
        #expect(lines.contains("  n_auth_login -->|\"[login] cancelled · pop\"| close_screen"))
        #expect(lines.contains("  n_link__cars__carID -.-> n_cars_details"))
        #expect(lines.filter { $0.contains("-->|") || $0.contains("-.->|") }.count == 10)
    }

    @Test(.enabled(if: dotPath != nil, "Graphviz's dot is not installed"))
    func dotRendersWithGraphviz() throws {
        let result = try graph(["--format", "dot", "--config", "examples/modal-details.json"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("digraph \"carsharing\" {"))
        #expect(result.output.contains("  \"cars.list\" -> \"cars.details\" [label=\"selected · present\", style=dashed];"))

        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("flow.dot"), picture = folder.appendingPathComponent("flow.png")
        try Data(result.output.utf8).write(to: source)
        let dot = Process()
        dot.executableURL = URL(fileURLWithPath: try #require(Self.dotPath))
        dot.arguments = ["-Tpng", source.path, "-o", picture.path]
        let errors = Pipe()
        dot.standardError = errors
        try dot.run()
        dot.waitUntilExit()
        #expect(dot.terminationStatus == 0)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
        let png = try Data(contentsOf: picture)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func theReadmeDiagramIsTheCurrentFlow() throws {
        let result = try graph(["--format", "dot"])
        let committed = try String(contentsOf: FlowShellBinary.repository.appendingPathComponent("docs/flow.dot"), encoding: .utf8)
        #expect(result.output == committed, "regenerate with: make docs")
    }

    @Test func aBrokenFlowHasNoGraph() throws {
        let result = try graph(["--config", "unknown-style.json"], in: CheckCommandTests.corpus)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("unknown-style.json:6:77: error: transitions[0].style: unknown style 'pusj'"))
    }
}
