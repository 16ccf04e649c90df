import FlowShellTestSupport
import FlowShellRuntime
import Foundation
import Testing

@testable import FlowShellMCP

/// What a screen declares a command does to what the app keeps reaches the agent as a hint,
/// and a config with `agentsReadOnly` refuses those commands to agents, before any person is
/// asked, itself or through an alias; what only looks or moves runs as before.
@MainActor
@Suite struct ReadOnlyAgentsTests {
    /// The sample's config with `agentsReadOnly` set, in a scratch folder.
    private func readOnlyConfig() throws -> (path: String, folder: URL) {
        let folder = try FlowShellBinary.temporaryFolder()
        let sample = try String(contentsOfFile: MCPServerTests.Client.sampleConfig, encoding: .utf8)
        let edited = sample.replacingOccurrences(of: #""personConfirms": {"#, with: #""agentsReadOnly": true, "personConfirms": {"#)
        #expect(edited != sample, "the sample's config has no personConfirms to put agentsReadOnly before")
        let path = folder.appendingPathComponent("config.json").path
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, folder)
    }

    /// The commands the answer's screen offers, by name.
    private func commands(_ answer: JSONValue) -> [String: JSONValue] {
        guard case .array(let commands)? = answer["result"]?["structuredContent"]?["view"]?["commands"] else { return [:] }
        return Dictionary(commands.compactMap { command in command["name"]?.string.map { ($0, command) } }) { first, _ in first }
    }

    private func errors(_ answer: JSONValue) -> [String] {
        guard case .array(let said)? = answer["result"]?["structuredContent"]?["said"] else { return [] }
        return said.filter { $0["kind"] == "error" }.compactMap { $0["text"]?.string }
    }

    @Test func theScreenSaysWhatACommandChangesAsTheAgentsHint() async throws {
        let client = MCPServerTests.Client()
        let handle = try await client.atTheBooking()
        let booking = await client.call("screen", ["handle": .string(handle)])
        #expect(commands(booking)["confirm"]?["effect"] == "changes")
        // Giving up the booking changes nothing kept: no effect is said.
        #expect(commands(booking)["cancel"] != nil && commands(booking)["cancel"]?["effect"] == nil)
        _ = await client.call("run_line", ["handle": .string(handle), "line": "open /bookings"])
        let list = await client.call("screen", ["handle": .string(handle)])
        #expect(list["result"]?["structuredContent"]?["screen"] == "booking.list")
        #expect(commands(list)["cancel"]?["effect"] == "destroys")
        #expect(commands(list)["refresh"] != nil && commands(list)["refresh"]?["effect"] == nil)
    }

    @Test func aReadOnlyAgentIsRefusedWhatChangesThingsBeforeItsPersonIsAsked() async throws {
        let (config, folder) = try readOnlyConfig()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = MCPServerTests.Client(config: config)
        // A client that could ask its person: it is not asked, as nothing would run.
        _ = await client.request(
            "initialize",
            ["protocolVersion": "2025-11-25", "capabilities": ["elicitation": [:]], "clientInfo": ["name": "t", "version": "1"]])
        let handle = try await client.atTheBooking()
        let refusal = "confirm changes what the app keeps, and this app lets agents only look (agentsReadOnly in its config): nothing ran"
        let refused = await client.call("run_line", ["handle": .string(handle), "line": "confirm"])
        #expect(refused["method"] == nil, "the person was asked: \(refused)")
        #expect(refused["result"]?["isError"] == true)
        #expect(errors(refused) == [refusal])
        #expect(refused["result"]?["structuredContent"]?["screen"] == "booking.confirm")
        // By name with run, and through an alias, the same.
        #expect(errors(await client.call("run", ["handle": .string(handle), "command": "confirm"])) == [refusal])
        _ = await client.call("run_line", ["handle": .string(handle), "line": "alias ok confirm"])
        #expect(errors(await client.call("run_line", ["handle": .string(handle), "line": "ok"])) == [refusal])
        // Recalled from the history, the same.
        let recalled = await client.call("run_line", ["handle": .string(handle), "line": "!conf"])
        #expect(errors(recalled) == [refusal])
        #expect(recalled["result"]?["structuredContent"]?["screen"] == "booking.confirm")
        // What changes nothing kept runs: giving up the booking, then looking at the bookings.
        let gaveUp = await client.call("run_line", ["handle": .string(handle), "line": "cancel"])
        #expect(gaveUp["result"]?["isError"] == false)
        #expect(gaveUp["result"]?["structuredContent"]?["screen"] == "cars.details")
        let list = await client.call("run_line", ["handle": .string(handle), "line": "open /bookings"])
        #expect(list["result"]?["structuredContent"]?["screen"] == "booking.list")
        #expect(
            errors(await client.call("run_line", ["handle": .string(handle), "line": "cancel BK-1001"])) == [
                "cancel takes back what the app keeps, and this app lets agents only look (agentsReadOnly in its config): nothing ran"
            ])
    }
}
