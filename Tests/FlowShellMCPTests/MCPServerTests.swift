import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import Testing

@testable import FlowShellMCP

/// The server in process, on the sample flow: the protocol's methods, the tools on a session
/// composed as a browser tab's, and what a bad request gets.
@MainActor
@Suite struct MCPServerTests {
    /// A client of the server: it sends lines and waits for the answer with the id it gave.
    @MainActor final class Client {
        private var server: MCPServer?
        private let answers = Lines()
        private var nextID = 0

        /// What the server sent, in order, until it is read.
        @MainActor final class Lines {
            private var buffer: [Data] = []
            private var waiter: CheckedContinuation<Data, Never>?

            func put(_ data: Data) {
                if let waiter {
                    self.waiter = nil
                    waiter.resume(returning: data)
                } else {
                    buffer.append(data)
                }
            }

            func next() async -> Data {
                if !buffer.isEmpty { return buffer.removeFirst() }
                return await withCheckedContinuation { waiter = $0 }
            }
        }

        /// The sample's config.
        static let sampleConfig = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config.json").path

        init(maximumSessions: Int = 64, store: (any SessionStateStore)? = nil, config: String = sampleConfig) {
            let answers = self.answers
            let identity = ShellIdentity(name: "flowshell", version: "1", abstract: "", defaultFlow: "{}")
            let flow = ServedFlow(
                identity: identity, modules: FlowShellTestFeatures.modules, source: .file(path: config), services: ServiceContainer(),
                dataDirectory: { _ in nil }, plugins: { PluginLoader(purpose: .running) { _ in nil } },
                guards: ServerGuards(withholding: .terminal))
            // The server writes on the main actor.
            server = MCPServer(flow: flow, maximumSessions: maximumSessions, store: store, screenText: PlainScreenText.of) { data in
                MainActor.assumeIsolated { answers.put(data) }
            }
        }

        /// Sends `line` and returns the next answer.
        func raw(_ line: String) async -> JSONValue {
            server?.receive(Data(line.utf8))
            return await next()
        }

        /// The next line the server sends.
        func next() async -> JSONValue {
            let data = await answers.next()
            return (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null
        }

        /// Sends `message` without waiting for anything.
        func send(_ message: JSONValue) {
            server?.receive(message.jsonData)
        }

        func requestMessage(_ method: String, _ params: JSONValue) -> JSONValue {
            nextID += 1
            return ["jsonrpc": "2.0", "id": .number(Double(nextID)), "method": .string(method), "params": params]
        }

        func request(_ method: String, _ params: JSONValue = [:]) async -> JSONValue {
            await raw(String(decoding: requestMessage(method, params).jsonData, as: UTF8.self))
        }

        func call(_ tool: String, _ arguments: JSONValue, _ more: [String: JSONValue] = [:]) async -> JSONValue {
            await request("tools/call", .object(["name": .string(tool), "arguments": arguments].merging(more) { _, new in new }))
        }

        /// Opens a session and goes to the booking's confirmation, signed in; returns its handle.
        func atTheBooking() async throws -> String {
            let handle = try #require(await call("open", ["link": "/cars/rio"])["result"]?["structuredContent"]?["handle"]?.string)
            _ = await call("run_line", ["handle": .string(handle), "line": "book"])
            let signed = await call("run_line", ["handle": .string(handle), "line": "login alice"])
            #expect(signed["result"]?["structuredContent"]?["screen"] == "booking.confirm")
            return handle
        }
    }

    @Test func theToolListIsTheSameBytesWhoeverAsks() async {
        let first = await Client().request("tools/list")
        let second = await Client().request("tools/list")
        #expect(first == second)
        let names = first["result"]?["tools"].flatMap { tools -> [String]? in
            guard case .array(let tools) = tools else { return nil }
            return tools.compactMap { $0["name"]?.string }
        }
        #expect(names == ["open", "screen", "run", "run_line", "complete", "close"])
    }

    @Test func bothRevisionsAreAnswered() async {
        let client = Client()
        let initialized = await client.request(
            "initialize", ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]])
        #expect(initialized["result"]?["protocolVersion"] == "2025-11-25")
        let discovered = await client.request("server/discover", ["_meta": ["io.modelcontextprotocol/protocolVersion": "2026-07-28"]])
        #expect(discovered["result"]?["supportedVersions"] == ["2026-07-28", "2025-11-25", "2025-06-18"])
        #expect(discovered["result"]?["resultType"] == "complete")
        let unknown = await client.request("tools/list", ["_meta": ["io.modelcontextprotocol/protocolVersion": "2099-01-01"]])
        #expect(unknown["error"]?["code"] == -32022)
        #expect(await client.request("ping")["result"] == [:])
    }

    @Test func anAgentUsesTheFlowUnderAPersonsGuards() async throws {
        let client = Client()
        let opened = try #require(await client.call("open", [:])["result"])
        let handle = try #require(opened["structuredContent"]?["handle"]?.string)
        #expect(opened["structuredContent"]?["screen"] == "cars.list")
        let listed = await client.call("run", ["handle": .string(handle), "command": "select", "arguments": ["CAR-ID": "rio"]])
        #expect(listed["result"]?["structuredContent"]?["screen"] == "cars.details")
        #expect(listed["result"]?["isError"] == false)
        let booked = await client.call("run_line", ["handle": .string(handle), "line": "book"])
        // The flow's guard: signing in comes first.
        #expect(booked["result"]?["structuredContent"]?["screen"] == "auth.login")
        let refused = await client.call("run_line", ["handle": .string(handle), "line": "logn alice"])
        #expect(refused["result"]?["isError"] == true)
        let said = refused["result"]?["content"].flatMap { if case .array(let items) = $0 { items.first?["text"]?.string } else { nil } }
        #expect(said?.contains("login") == true)
        let withheld = await client.call("run_line", ["handle": .string(handle), "line": "help > notes.txt"])
        #expect(withheld["result"]?["isError"] == true)
    }

    @Test func aBadRequestGetsAnErrorAndTheSessionGoesOn() async throws {
        let client = Client()
        let handle = try #require(await client.call("open", [:])["result"]?["structuredContent"]?["handle"]?.string)
        #expect(await client.raw("{oops")["error"]?["code"] == -32700)
        #expect(await client.call("screen", ["handle": "0000"])["error"]?["code"] == -32602)
        #expect(
            await client.call("run_line", ["handle": .string(handle), "line": .string(String(repeating: "x", count: 5000))])["error"]?[
                "code"] == -32602)
        #expect(await client.call("nothing", [:])["error"]?["code"] == -32602)
        let long = JSONValue.string(String(repeating: "x", count: 5000))
        #expect(
            await client.call("run", ["handle": .string(handle), "command": "filter", "arguments": ["TEXT": long]])["error"]?["code"]
                == -32602)
        #expect(await client.request("prompts/list")["error"]?["code"] == -32601)
        #expect(await client.call("screen", ["handle": .string(handle)])["result"]?["structuredContent"]?["screen"] == "cars.list")
    }

    private static let stateless: JSONValue = ["io.modelcontextprotocol/protocolVersion": "2026-07-28"]

    @Test func aCommandThatNeedsAPersonRunsOnlyOnItsYesAskedByElicitation() async throws {
        let client = Client()
        _ = await client.request(
            "initialize",
            ["protocolVersion": "2025-11-25", "capabilities": ["elicitation": [:]], "clientInfo": ["name": "t", "version": "1"]])
        let handle = try await client.atTheBooking()
        for (action, screen) in [("decline", "booking.confirm"), ("accept", "cars.details")] {
            client.send(
                client.requestMessage("tools/call", ["name": "run_line", "arguments": ["handle": .string(handle), "line": "confirm"]]))
            let question = await client.next()
            #expect(question["method"] == "elicitation/create")
            #expect(question["params"]?["message"]?.string?.contains("confirm") == true)
            client.send(["jsonrpc": "2.0", "id": question["id"] ?? .null, "result": ["action": .string(action)]])
            let answer = await client.next()
            #expect(answer["result"]?["isError"] == .bool(action == "decline"))
            #expect(answer["result"]?["structuredContent"]?["screen"] == .string(screen))
        }
        // One yes runs the line once: recalled from the history for another booking, it does not
        // run (and the person is not asked: the next thing the server sends is the answer).
        _ = await client.call("run_line", ["handle": .string(handle), "line": "open /cars/zoe"])
        let booked = await client.call("run_line", ["handle": .string(handle), "line": "book"])
        #expect(booked["result"]?["structuredContent"]?["screen"] == "booking.confirm")
        let recalled = await client.call("run_line", ["handle": .string(handle), "line": "!conf"])
        #expect(recalled["result"]?["isError"] == true)
        #expect(recalled["result"]?["structuredContent"]?["screen"] == "booking.confirm")
    }

    @Test func aClientThatCannotAskItsPersonRunsNothingThatNeedsOne() async throws {
        let client = Client()
        _ = await client.request(
            "initialize", ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]])
        let handle = try await client.atTheBooking()
        let refused = await client.call("run", ["handle": .string(handle), "command": "confirm"])
        #expect(refused["result"]?["isError"] == true)
        #expect(refused["result"]?["structuredContent"]?["screen"] == "booking.confirm")
        // Nor through an alias.
        _ = await client.call("run_line", ["handle": .string(handle), "line": "alias ok confirm"])
        #expect(
            await client.call("run_line", ["handle": .string(handle), "line": "ok"])["result"]?["structuredContent"]?["screen"]
                == "booking.confirm")
        // Nor through an alias whose {1} takes the command's name: the line as the session reads it.
        _ = await client.call("run_line", ["handle": .string(handle), "line": "alias pick {1}"])
        let picked = await client.call("run_line", ["handle": .string(handle), "line": "pick confirm"])
        #expect(picked["result"]?["isError"] == true)
        #expect(picked["result"]?["structuredContent"]?["screen"] == "booking.confirm")
    }

    @Test func onTheStatelessRevisionTheAnswerAsksForInputAndTheRetryCarriesIt() async throws {
        let client = Client()
        let handle = try await client.atTheBooking()
        let arguments: JSONValue = ["handle": .string(handle), "line": "confirm"]
        let asked = try #require(await client.call("run_line", arguments, ["_meta": Self.stateless])["result"])
        #expect(asked["resultType"] == "input_required")
        #expect(asked["inputRequests"]?["confirm"]?["method"] == "elicitation/create")
        let state = try #require(asked["requestState"])
        // A state is for its own line, once.
        let other = await client.call(
            "run_line", ["handle": .string(handle), "line": "confirm --help"],
            ["_meta": Self.stateless, "requestState": state, "inputResponses": ["confirm": ["action": "accept"]]])
        #expect(other["result"]?["isError"] == true)
        let stillAsked = try #require(await client.call("run_line", arguments, ["_meta": Self.stateless])["result"]?["requestState"])
        let done = await client.call(
            "run_line", arguments,
            ["_meta": Self.stateless, "requestState": stillAsked, "inputResponses": ["confirm": ["action": "accept"]]])
        #expect(done["result"]?["resultType"] == "complete")
        #expect(done["result"]?["structuredContent"]?["screen"] == "cars.details")
    }

    @Test func eachSessionsScreenIsAResourceToReadAndSubscribeTo() async throws {
        let client = Client()
        let handle = try #require(await client.call("open", [:])["result"]?["structuredContent"]?["handle"]?.string)
        let uri = JSONValue.string("flowshell://sessions/\(handle)/screen")
        let listed = await client.request("resources/list")
        #expect(listed["result"]?["resources"] == [["uri": uri, "name": .string("screen \(handle)"), "mimeType": "application/json"]])
        let read = await client.request("resources/read", ["uri": uri])
        let text = try #require(
            read["result"]?["contents"].flatMap { if case .array(let items) = $0 { items.first?["text"]?.string } else { nil } })
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))["screen"] == "cars.list")
        #expect(await client.request("resources/subscribe", ["uri": uri])["result"] == [:])
        #expect(await client.request("resources/read", ["uri": "flowshell://sessions/0/screen"])["error"]?["code"] == -32602)
        #expect(await client.request("resources/subscribe", ["uri": "file:///etc/passwd"])["error"]?["code"] == -32602)
    }

    /// States kept in memory, as a server's store keeps them in files.
    @MainActor final class States: SessionStateStore {
        var kept: [String: SessionState] = [:]
        func state(of session: String) -> SessionState? { kept[session] }
        func keep(_ state: SessionState, for session: String) { kept[session] = state }
        func forget(_ session: String) { kept[session] = nil }
    }

    @Test func atItsBoundTheSessionUsedLongestAgoMakesRoomAndItsHandleStillWorks() async throws {
        let states = States()
        let client = Client(maximumSessions: 2, store: states)
        var handles: [String] = []
        for car in ["rio", "zoe", "polo"] {
            let opened = await client.call("open", ["link": .string("/cars/\(car)")])
            handles.append(try #require(opened["result"]?["structuredContent"]?["handle"]?.string))
            #expect(opened["result"]?["isError"] == false)
        }
        // The first was closed to make room, its state kept: it opens again where it was.
        #expect(states.kept[handles[0]] != nil)
        let again = await client.call("screen", ["handle": .string(handles[0])])
        #expect(again["result"]?["structuredContent"]?["view"]?["title"] == "Kia Rio")
        // Closed by the agent, a handle is forgotten.
        _ = await client.call("close", ["handle": .string(handles[0])])
        #expect(states.kept[handles[0]] == nil)
        #expect(await client.call("screen", ["handle": .string(handles[0])])["error"]?["code"] == -32602)
        // Without a store, a session more than the bound is refused.
        let bounded = Client(maximumSessions: 1)
        _ = await bounded.call("open", [:])
        #expect(await bounded.call("open", [:])["result"]?["isError"] == true)
    }
}
