#if canImport(FlowShellMCP)
import FlowShellKit
import FlowShellMCP
@testable import FlowShellRuntime
import FlowShellServing
@testable import FlowShellTerminal
import Foundation
import Testing

/// An agent's session (`flowshell mcp`, `serve --mcp`), as the MCP server composes it: the
/// core's global commands, and what it lacks refused in the words a browser tab gets.
extension GlobalCommandTests {
    private func agentServer() -> MCPServer {
        let flow = ServedFlow(
            identity: ShellIdentity(name: "demo", version: "1", abstract: "", defaultFlow: "{}"), modules: [Self.module],
            source: .text(Self.config, name: "demo.json"), services: ServiceContainer(), dataDirectory: { _ in nil },
            plugins: { PluginLoader(purpose: .running) { _ in nil } }, guards: ServerGuards(withholding: .terminal))
        return MCPServer(flow: flow, screenText: PlainScreenText.of, send: nil)
    }

    /// The result of calling `tool` with `arguments`.
    private func call(_ server: MCPServer, _ tool: String, _ arguments: JSONValue) async -> JSONValue {
        let message: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": .string(tool), "arguments": arguments],
        ]
        guard let data = await server.answer(message.jsonData), let answer = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return .null
        }
        return answer["result"] ?? .null
    }

    /// The names in a list of objects' `key`.
    private func strings(_ value: JSONValue?, _ key: String? = nil) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            guard let key else { return item.string }
            return item[key]?.string
        }
    }

    /// The errors a call's answer said.
    private func errors(_ result: JSONValue) -> [String] {
        guard case .array(let said)? = result["structuredContent"]?["said"] else { return [] }
        return said.filter { $0["kind"] == "error" }.compactMap { $0["text"]?.string }
    }

    @Test func anAgentSessionHasTheCoreAndOffersNothingElse() async throws {
        let server = agentServer()
        let opened = await call(server, "open", [:])
        let handle = try #require(opened["structuredContent"]?["handle"]?.string)
        let offered = strings(opened["structuredContent"]?["globalCommands"], "name")
        #expect(Set(offered) == Self.names(of: .agent), "the agent was offered \(offered)")
        let completed = await call(server, "complete", ["handle": .string(handle), "text": ""])
        let candidates = Set(strings(completed["structuredContent"]?["candidates"]))
        #expect(candidates == Self.names(of: .agent).union(["fail", "slow", "count", "go"]), "Tab offered \(candidates.sorted())")
    }

    @Test func whatAnAgentSessionLacksIsRefusedInTheWordsATabGets() async throws {
        let server = agentServer()
        let handle = try #require(await call(server, "open", [:])["structuredContent"]?["handle"]?.string)
        for name in Self.reservedNames.subtracting(Self.names(of: .agent)).sorted() {
            for line in ["\(name) x", "help \(name)"] {
                let refused = await call(server, "run_line", ["handle": .string(handle), "line": .string(line)])
                #expect(refused["isError"] == true)
                #expect(
                    errors(refused) == ["\(name): this session has no \(Self.capability(adding: name)) of the server's machine"], "\(line)")
            }
            // Asked for by name with `run`, the same.
            let ran = await call(server, "run", ["handle": .string(handle), "command": .string(name)])
            #expect(errors(ran) == ["\(name): this session has no \(Self.capability(adding: name)) of the server's machine"])
        }
        for name in Self.names(of: .agent).sorted() where name != "quit" && name != "exit" {
            let ran = await call(
                server, "run_line",
                ["handle": .string(handle), "line": .string(line(for: name, script: URL(fileURLWithPath: "/nonexistent")))])
            #expect(!errors(ran).contains { $0.contains("unknown command") }, "\(name): \(errors(ran))")
        }
        for (line, symbol) in [("count > out.txt", ">"), ("count >> out.txt", ">>"), ("count | cat", "|")] {
            let refused = await call(server, "run_line", ["handle": .string(handle), "line": .string(line)])
            let lacking = symbol == "|" ? "programs" : "files"
            #expect(
                errors(refused).first?.hasPrefix("this session has no \(lacking) of the server's machine, so no redirection: '\(symbol)' ")
                    == true, "\(line): \(errors(refused))")
        }
    }
}
#endif
