import FlowPluginProtocol
import FlowShellTestSupport
import Foundation
import Testing

/// `plugin-protocol.schema.json` documents what is really said: every line between a shell
/// and each example plugin (the Python helper's and the Swift library's) validates against it.
@Suite struct PluginProtocolSchemaTests {
    private func check(screen: String, commands: [String], plugin: [String]) throws -> String {
        let repository = FlowShellBinary.repository
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/check_plugin_protocol.py").path,
                repository.path, screen, #"{"carID": "rio"}"#,
            ] + commands + ["--"] + plugin
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: JSONSchemaValidator.isInstalled, "python3 with jsonschema is not installed"))
    func thePythonHelperSpeaksTheDocumentedProtocol() throws {
        #expect(
            try check(screen: "weather.forecast", commands: ["days 2", "done"], plugin: ["python3", "examples/plugins/weather.py"])
                == "checked 15 lines\n")
    }

    @Test(.enabled(if: JSONSchemaValidator.isInstalled, "python3 with jsonschema is not installed"))
    func theSwiftLibrarySpeaksTheDocumentedProtocol() throws {
        let plugin = FlowShellBinary.url.deletingLastPathComponent().appendingPathComponent("trips-plugin").path
        #expect(try check(screen: "trips.planner", commands: ["add Berlin", "clear", "done"], plugin: [plugin]) == "checked 17 lines\n")
    }
}
