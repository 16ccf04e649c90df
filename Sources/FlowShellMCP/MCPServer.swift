import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import Foundation

// The protocol is written here rather than taken from the Swift MCP SDK (swift-sdk 0.12.1): the
// SDK speaks only the 2025-11-25 revision, not the stateless 2026-07-28 one (`server/discover`,
// `input_required`) that this server must answer too, and its stdio transport polls stdin on a
// timer instead of waiting for it, which puts a sleep into every round trip. What is needed is a
// few JSON-RPC methods over lines; the sessions are the core's.

/// An MCP server: it reads JSON-RPC messages, answers the protocol's methods, and runs the fixed
/// tools on the agents' sessions. Over stdio (``receive(_:)``) each request is handled in a task
/// of its own, so that a tool call waiting for its line does not hold up a `ping` or another
/// session's call, and its answer goes to `send` when ready; over HTTP (``answer(_:)``) each
/// request's answer is its response. Whatever it sends has this machine's paths taken out.
@MainActor
package final class MCPServer {
    let sessions: AgentSessions
    private let identity: ShellIdentity
    private let redaction: PathRedaction
    private let screenText: (ViewProperties) -> String
    /// Where messages of the server's own go (answers over stdio, questions for the client's
    /// person); nil over HTTP, where the server sends nothing but responses.
    let send: (@Sendable (Data) -> Void)?
    /// The requests being handled now.
    private var handling: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    /// Whether the client said at `initialize` that it can ask its person (elicitation), over
    /// stdio; over HTTP each connection says it (``Connection/canElicit``).
    var clientCanElicit = false
    /// The server's own requests to the client that wait for its answer, by id.
    private var asked: [String: Question] = [:]
    private var nextQuestion = 0
    /// The HTTP requests answered with a stream of questions before their answer, by number.
    var nextExchange = 0
    /// The screens' resources the client subscribed to, by URI.
    var subscribed: Set<String> = []
    /// The listen streams open now (`subscriptions/listen`, over HTTP), by number.
    var listeners: [Int: Listener] = [:]
    var nextListener = 0
    /// The 2025-11-25 clients' connections over HTTP, by their `Mcp-Session-Id`.
    var connections: [String: Connection] = [:]
    var connectionUses = 0

    /// A server of `flow`'s sessions (at most `maximumSessions`, their states kept in `store` if
    /// given, so that a handle outlives the server; each recorded by what `recorders` makes, if
    /// given), sending through `send` (nil: only responses); `screenText` is a screen as the
    /// terminal shows it in plain text.
    package init(
        flow: ServedFlow, maximumSessions: Int = 64, store: (any SessionStateStore)? = nil, recorders: AgentRecorders? = nil,
        screenText: @escaping (ViewProperties) -> String, send: (@Sendable (Data) -> Void)?
    ) {
        sessions = AgentSessions(flow: flow, maximumOpen: maximumSessions, store: store, recorders: recorders)
        identity = flow.identity
        redaction = flow.guards.redaction
        self.screenText = screenText
        self.send = send
        sessions.screenChanged = { [weak self] handle in self?.screenChanged(handle) }
    }

    /// Whether the server can ask the client something of its own (an elicitation) outside any
    /// one request: over stdio; over HTTP it asks on the stream of the request it asks about.
    var canAsk: Bool { send != nil }

    /// Who sent a request: the HTTP connection it names (nil over stdio, or a POST without a
    /// connection this server began), and where the server's questions about it go.
    struct Caller {
        var connection: String?
        /// The stream of the POST the request came in (over HTTP); nil: `send`.
        var questions: Questions?
    }

    /// Where the server's own requests about one HTTP request go: that POST's event stream.
    struct Questions {
        /// The exchange's number (the questions of an exchange whose client went away are
        /// answered nil).
        let exchange: Int
        let send: @MainActor (Data) -> Void
    }

    /// A request of the server's own waiting for the client's answer: only the connection it was
    /// asked on answers it.
    private struct Question {
        let continuation: CheckedContinuation<JSONValue?, Never>
        let connection: String?
        let exchange: Int?
    }

    /// Takes one line from the client, answering through `send` once the answer is ready.
    package func receive(_ line: Data) {
        spawn {
            if let answer = await self.answer(line) { self.send?(answer) }
        }
    }

    /// Runs `work` in a task of its own, which ``finish()`` waits for.
    func spawn(_ work: @escaping @MainActor () async -> Void) {
        nextTask += 1
        let number = nextTask
        handling[number] = Task {
            await work()
            self.handling[number] = nil
        }
    }

    /// The answer to one message from the client, paths taken out; nil for what is not answered
    /// (a notification, the client's answer to a question of the server's).
    package func answer(_ message: Data) async -> Data? {
        await answer(JSONRPC.parse(message), from: Caller())
    }

    /// The answer to `message` (parsed), from `caller`.
    func answer(_ message: Result<JSONRPC.Incoming, JSONRPC.FailureWithID>, from caller: Caller) async -> Data? {
        switch message {
        case .failure(let refused):
            return encoded(JSONRPC.error(refused.failure, id: refused.id))
        case .success(.notification):
            // `notifications/initialized`, `notifications/cancelled`: nothing to answer.
            return nil
        case .success(.response(let id, let result, _)):
            // An answer to a question of the server's, from the connection it was asked on; an
            // error or an unknown id answers nothing.
            if case .string(let key) = id, let question = asked[key], question.connection == caller.connection {
                asked[key] = nil
                question.continuation.resume(returning: result)
            }
            return nil
        case .success(.request(let id, let method, let params)):
            do throws(JSONRPC.Failure) {
                return encoded(JSONRPC.result(try await answer(method, params: params, from: caller), id: id))
            } catch {
                return encoded(JSONRPC.error(error, id: id))
            }
        }
    }

    /// Waits for the requests being handled, then closes every session: the client went away.
    package func finish() async {
        for (_, question) in asked { question.continuation.resume(returning: nil) }
        asked = [:]
        endListeners()
        endConnections()
        while let task = handling.values.first {
            await task.value
        }
        await sessions.closeAll()
    }

    func encoded(_ message: JSONValue) -> Data {
        redaction.redacted(message.jsonData)
    }

    /// Sends `caller`'s client a request of the server's own — on the stream of its POST over
    /// HTTP — and waits for its result (nil: an error, or the client went away).
    func ask(_ method: String, params: JSONValue, of caller: Caller) async -> JSONValue? {
        let questions = caller.questions
        guard questions != nil || send != nil else { return nil }
        nextQuestion += 1
        let id = "flowshell-\(nextQuestion)"
        let request = encoded(JSONRPC.request(method, params: params, id: .string(id)))
        return await withCheckedContinuation { (continuation: CheckedContinuation<JSONValue?, Never>) in
            asked[id] = Question(continuation: continuation, connection: caller.connection, exchange: questions?.exchange)
            if let questions { questions.send(request) } else { send?(request) }
        }
    }

    /// Answers nil to the questions of the exchange `number`, whose client stopped reading.
    func abandonQuestions(of number: Int) {
        for (id, question) in asked where question.exchange == number {
            asked[id] = nil
            question.continuation.resume(returning: nil)
        }
    }

    private func answer(_ method: String, params: JSONValue?, from caller: Caller) async throws(JSONRPC.Failure) -> JSONValue {
        let requested = params?["_meta"]?[ProtocolRevision.metaKey]?.string
        if let requested, !ProtocolRevision.all.contains(requested) {
            throw JSONRPC.Failure(
                code: ProtocolRevision.unsupportedCode, message: "this server does not speak MCP \(requested)",
                data: ["supported": .array(ProtocolRevision.all.map(JSONValue.string)), "requested": .string(requested)])
        }
        let stateless = requested == ProtocolRevision.stateless
        var result: JSONValue
        switch method {
        case "initialize":
            let version = params?["protocolVersion"]?.string ?? ProtocolRevision.handshake
            let canElicit = params?["capabilities"]?["elicitation"] != nil
            if let connection = caller.connection {
                connections[connection]?.canElicit = canElicit
            } else {
                clientCanElicit = canElicit
            }
            result = [
                "protocolVersion": .string(ProtocolRevision.handshakes.contains(version) ? version : ProtocolRevision.handshake),
                "capabilities": capabilities,
                "serverInfo": serverInfo,
                "instructions": .string(instructions),
            ]
        case "server/discover":
            result = [
                "supportedVersions": .array(ProtocolRevision.all.map(JSONValue.string)),
                "capabilities": capabilities,
                "instructions": .string(instructions),
                "_meta": .object([ProtocolRevision.serverInfoKey: serverInfo]),
                "ttlMs": 0, "cacheScope": "private",
            ]
        case "ping":
            result = [:]
        case "tools/list":
            result = ["tools": AgentTools.list]
            if stateless { result = merged(result, ["ttlMs": 0, "cacheScope": "private"]) }
        case "tools/call":
            result = try await callTool(params, stateless: stateless, from: caller)
        case "resources/list", "resources/templates/list", "resources/read", "resources/subscribe", "resources/unsubscribe":
            result = try await resources(method, params: params, connection: caller.connection)
        default:
            throw .methodNotFound(method)
        }
        if stateless || method == "server/discover", result["resultType"] == nil { result = merged(result, ["resultType": "complete"]) }
        return result
    }

    private func merged(_ result: JSONValue, _ more: [String: JSONValue]) -> JSONValue {
        .object((result.object ?? [:]).merging(more) { _, new in new })
    }

    private var serverInfo: JSONValue {
        ["name": .string(identity.name), "title": .string(identity.title), "version": .string(identity.version)]
    }

    private var instructions: String {
        "\(identity.title) as a person uses it: open a session (a handle), read its screen, run the commands it offers. "
            + "The screen lists its commands with the schema of each one's arguments; a command not offered is refused, "
            + "and the app's guards apply (a command may ask you to sign in first)."
    }

    // MARK: - Tools

    private func callTool(_ params: JSONValue?, stateless: Bool, from caller: Caller) async throws(JSONRPC.Failure) -> JSONValue {
        guard let name = params?["name"]?.string else { throw .invalidParams("tools/call names its tool") }
        guard AgentTools.names.contains(name) else {
            throw .invalidParams("there is no tool \(name): the tools are \(AgentTools.names.sorted().joined(separator: ", "))")
        }
        let arguments = params?["arguments"]?.object ?? [:]
        if params?["arguments"] != nil, params?["arguments"]?.object == nil {
            throw .invalidParams("a tool's arguments are an object")
        }
        // A command's own arguments (`run`'s) too: each is part of one line.
        for (key, value) in arguments.merging(arguments["arguments"]?.object ?? [:], uniquingKeysWith: { first, _ in first }) {
            if case .string(let text) = value, text.utf8.count > LineLengthBound.longestLine {
                throw .invalidParams("\(key) is longer than \(LineLengthBound.longestLine) bytes, the most a line may have")
            }
        }
        if name == "open" {
            return try await open(link: try string("link", in: arguments, required: false))
        }
        let handle = try string("handle", in: arguments, required: true) ?? ""
        guard let session = await sessions.session(handle) else {
            throw .invalidParams(
                "no session has the handle \(handle) (it was closed, or forgotten unused): open a new one with the open tool, at the deep link of where you were (its link argument)",
                data: ["handle": .string(handle), "reopen": "open"])
        }
        switch name {
        case "screen":
            return answer(session, said: [], failed: false)
        case "run_line":
            let line = try string("line", in: arguments, required: true) ?? ""
            return await run(line, in: session, params: params, stateless: stateless, from: caller)
        case "run":
            let command = try string("command", in: arguments, required: true) ?? ""
            let given = arguments["arguments"]?.object ?? [:]
            var line = CommandSchema.quoted(command)
            if let description = session.offeredCommand(named: command) {
                do {
                    line = try CommandSchema.line(description, arguments: given)
                } catch {
                    return answer(session, said: [AgentView.Said(kind: "error", text: error.message)], failed: true)
                }
            }
            return await run(line, in: session, params: params, stateless: stateless, from: caller)
        case "complete":
            let completion = await session.complete(try string("text", in: arguments, required: true) ?? "")
            let structured: JSONValue = [
                "insert": .string(completion.insert), "deleting": .number(Double(completion.deleting)),
                "candidates": .array(completion.candidates.map(JSONValue.string)),
                "descriptions": .object(completion.descriptions.mapValues(JSONValue.string)),
            ]
            let listed = completion.candidates.map { candidate in
                completion.descriptions[candidate].map { "\(candidate)  — \($0)" } ?? candidate
            }
            let text = completion.candidates.isEmpty ? "insert: \(completion.insert)" : listed.joined(separator: "\n")
            return AgentAnswer.result(text: text, structured: structured, isError: false)
        default:
            _ = await sessions.close(handle)
            subscribed.remove(Self.screenURI(of: handle))
            return AgentAnswer.result(
                text: "closed", structured: ["handle": .string(handle), "closed": true], isError: false)
        }
    }

    /// Runs `line` in `session`, once the person said yes if its command needs that.
    private func run(_ line: String, in session: AgentSession, params: JSONValue?, stateless: Bool, from caller: Caller) async -> JSONValue
    {
        if let question = session.confirmationQuestion(for: line) {
            switch await confirm(line, question: question, in: session, params: params, stateless: stateless, from: caller) {
            case .confirmed: session.approve(line)
            case .answered(let answer): return answer
            }
        }
        let ran = await session.run(line)
        if ran.end.quit {
            _ = await sessions.close(session.handle)
        } else {
            await sessions.kept(session)
        }
        return answer(session, said: ran.said, failed: ran.end.failed, ended: ran.end.quit)
    }

    private func open(link: String?) async throws(JSONRPC.Failure) -> JSONValue {
        do {
            let (session, said) = try await sessions.open(link: link)
            let failed = said.contains { $0.kind == "error" }
            return answer(session, said: said, failed: failed, globalCommands: session.globalCommands)
        } catch {
            return AgentAnswer.result(text: "error: \(error.reason)", structured: ["failed": true], isError: true)
        }
    }

    func answer(
        _ session: AgentSession, said: [AgentView.Said], failed: Bool, ended: Bool = false, globalCommands: [CommandDescription]? = nil
    ) -> JSONValue {
        AgentAnswer.screen(
            handle: session.handle, screen: session.screen, said: said, failed: failed, ended: ended, globalCommands: globalCommands,
            text: screenText)
    }

    private func string(_ key: String, in arguments: [String: JSONValue], required: Bool) throws(JSONRPC.Failure) -> String? {
        switch arguments[key] {
        case .string(let text)?: return text
        case nil, .null?:
            if required { throw .invalidParams("the tool needs \(key)") }
            return nil
        default: throw .invalidParams("\(key) is a string")
        }
    }
}
