import FlowShellRuntime
import Foundation

/// 2025-11-25's sessions over HTTP (`Mcp-Session-Id`): a client that handshakes with `initialize`
/// is given an id that its later requests carry, `resources/subscribe` subscribes that session
/// to a screen, and the stream its GET opens (Server-Sent Events) is told when a subscribed
/// screen changed by itself — My bookings, when a booking is made elsewhere — as the stdio
/// connection is told. A tool call that needs the client's person (PersonConfirmation.swift) is
/// answered with a stream of events too: the server's question (`elicitation/create`), which the
/// client answers in a POST of its own on the same connection, then the call's result. The id
/// names the client's connection only; the agent's sessions are its handles, as on every
/// revision.
extension MCPServer {
    /// The most connections kept at once: past it, the one used longest ago is forgotten (its
    /// stream ended), so that clients that never say goodbye hold no memory for ever.
    static let mostConnections = 1024

    /// One client's connection: the screens it subscribed to and, while its GET is open, where
    /// the notifications go.
    struct Connection {
        var uris: Set<String> = []
        /// Whether its client said at initialize that it can ask its person (elicitation).
        var canElicit = false
        var stream: AsyncStream<Data>.Continuation?
        /// Which of the connection's GETs the stream is.
        var streamNumber = 0
        var used: Int
    }

    /// What a POST over HTTP is answered with.
    package enum HTTPAnswer: Sendable {
        /// One JSON body (nil: nothing, a notification) and, for an `initialize`, the id of the
        /// connection it began, which the response carries as `Mcp-Session-Id`.
        case body(Data?, connection: String?)
        /// A stream of messages, as Server-Sent Events: a listen stream's, or a tool call's
        /// questions for the client's person and then its result.
        case events(AsyncStream<Data>)
    }

    /// The answer to `message`, a POST of the connection `connection` (its `Mcp-Session-Id`,
    /// when it is one this server began); an `initialize` begins a connection.
    package func answer(_ message: Data, connection: String?) async -> HTTPAnswer {
        let parsed = JSONRPC.parse(message)
        let known = connection.flatMap { connections[$0] != nil ? $0 : nil }
        if let known { connectionUsed(known) }
        guard case .success(.request(let id, let method, let params)) = parsed else {
            return .body(await answer(parsed, from: Caller(connection: known)), connection: nil)
        }
        switch method {
        case "initialize":
            let begun = beginConnection()
            return .body(await answer(parsed, from: Caller(connection: begun)), connection: begun)
        case "subscriptions/listen":
            return .events(await listen(id: id, params: params))
        case "tools/call" where known.flatMap({ connections[$0]?.canElicit }) == true:
            // Its person may be asked first: then the answer is a stream that asks.
            return await answerAsking(parsed, connection: known)
        default:
            return .body(await answer(parsed, from: Caller(connection: known)), connection: nil)
        }
    }

    /// The answer to the tool call `message` of a connection whose client can ask its person:
    /// its result as one body, or — once the server asks the person something — a stream of
    /// the questions and then the result.
    private func answerAsking(_ message: Result<JSONRPC.Incoming, JSONRPC.FailureWithID>, connection: String?) async -> HTTPAnswer {
        nextExchange += 1
        let exchange = nextExchange
        let (events, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.onTermination = { [weak self] _ in
            // The client went away: nobody answers its questions.
            Task { @MainActor in self?.abandonQuestions(of: exchange) }
        }
        return await withCheckedContinuation { (answered: CheckedContinuation<HTTPAnswer, Never>) in
            let first = FirstAnswer(answered)
            let questions = Questions(exchange: exchange) { question in
                continuation.yield(question)
                first.give(.events(events))
            }
            spawn {
                let body = await self.answer(message, from: Caller(connection: connection, questions: questions))
                if !first.give(.body(body, connection: nil)), let body {
                    continuation.yield(body)
                }
                continuation.finish()
            }
        }
    }

    /// What a POST is answered with, given once: the first of the result and a question.
    @MainActor
    private final class FirstAnswer {
        private var waiting: CheckedContinuation<HTTPAnswer, Never>?

        init(_ waiting: CheckedContinuation<HTTPAnswer, Never>) {
            self.waiting = waiting
        }

        /// Answers with `answer` when nothing was given yet; false when something was.
        @discardableResult
        func give(_ answer: HTTPAnswer) -> Bool {
            guard let waiting else { return false }
            self.waiting = nil
            waiting.resume(returning: answer)
            return true
        }
    }

    /// The stream of notifications for the connection `id` (its GET); nil when it names none.
    /// A second GET ends the first one's stream.
    package func stream(of id: String) -> AsyncStream<Data>? {
        guard connections[id] != nil else { return nil }
        connectionUsed(id)
        connections[id]?.stream?.finish()
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(64))
        connections[id]?.stream = continuation
        let number = (connections[id]?.streamNumber ?? 0) + 1
        connections[id]?.streamNumber = number
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.streamEnded(id, number) }
        }
        return stream
    }

    /// Ends the connection `id` (its DELETE); false when it names none.
    package func endConnection(_ id: String) -> Bool {
        guard let connection = connections.removeValue(forKey: id) else { return false }
        connection.stream?.finish()
        return true
    }

    /// Subscribes the connection `id` to `uri`, or takes it off; false when `id` names none.
    func subscribe(_ id: String, to uri: String, _ subscribing: Bool) -> Bool {
        guard connections[id] != nil else { return false }
        if subscribing {
            connections[id]?.uris.insert(uri)
        } else {
            connections[id]?.uris.remove(uri)
        }
        return true
    }

    /// Tells each connection subscribed to `uri` whose stream is open that it changed.
    func tellConnections(_ uri: String) {
        for connection in connections.values where connection.uris.contains(uri) {
            connection.stream?.yield(
                encoded(["jsonrpc": "2.0", "method": "notifications/resources/updated", "params": ["uri": .string(uri)]]))
        }
    }

    /// Ends every connection's stream (the server stops).
    func endConnections() {
        connections.values.forEach { $0.stream?.finish() }
        connections = [:]
    }

    private func beginConnection() -> String {
        if connections.count >= Self.mostConnections, let oldest = connections.min(by: { $0.value.used < $1.value.used })?.key {
            _ = endConnection(oldest)
        }
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        connectionUses += 1
        connections[id] = Connection(used: connectionUses)
        return id
    }

    private func connectionUsed(_ id: String) {
        connectionUses += 1
        connections[id]?.used = connectionUses
    }

    private func streamEnded(_ id: String, _ number: Int) {
        // Only the stream that ended: a later GET's is that connection's stream now.
        guard connections[id]?.streamNumber == number else { return }
        connections[id]?.stream = nil
    }
}
