import Foundation
import Testing

/// A state file or data folder that cannot be used is said once, in the user's words.
@Suite struct StorageFaultTests {
    let config = FlowShellBinary.repository.appendingPathComponent("config.json").path

    @Test func aStateFileThatIsAFolderIsSaidOnceAndTheShellGoesOn() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let state = home.appendingPathComponent("state-folder")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let result = try FlowShellBinary.run(["--config", config, "--state", state.path], input: "select rio\nwhere\n", in: home,
                                             environment: FlowShellBinary.environment(home: home))
        #expect(result.status == 0)
        #expect(result.errors == "! cannot save where you are to \(state.path): '\(state.path)' is a folder, not a file\n")
        #expect(result.output.contains("2. Kia Rio (cars.details, carID=rio)"))
    }

    @Test func aDataFolderThatIsAFileIsSaidInWords() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data().write(to: home.appendingPathComponent("data"))
        let result = try FlowShellBinary.run(["--config", config, "--data-dir", "data"], input: "where\n", in: home,
                                             environment: FlowShellBinary.environment(home: home))
        // The app runs without its settings, and says so.
        #expect(result.status == 0)
        #expect(result.errors == "! settings such as the session will not be kept ('data' is a file, not a folder) — choose another folder with --data-dir\n")
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
    }
}
