import Foundation
import Testing

/// The command line as people and packagers expect of a CLI.
@Suite struct CommandLineTests {
    @Test func versionSaysTheShellsNameAndVersion() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try FlowShellBinary.run(["--version"], input: "", in: folder, environment: FlowShellBinary.environment(home: folder))
        #expect(result.status == 0)
        #expect(result.output == "flowshell 0.1.0\n")
    }
}
