import FlowShellRuntime
import Foundation

/// `subscriptions/listen` (2026-07-28) over HTTP: a request whose response is a stream, on which
/// the server acknowledges the screens' resources it will report on and then tells each time one
/// of them changes by itself (`notifications/resources/updated`) — My bookings, when a booking is
/// made elsewhere — so that an agent reads it again without polling. The 2025-11-25
/// `resources/subscribe` does the same on the connection.
extension MCPServer {
    /// The subscription id every message of a listen stream carries in its `_meta`.
    static let subscriptionKey = "io.modelcontextprotocol/subscriptionId"

    /// The messages of the stream the `subscriptions/listen` request `id` opens, its
    /// acknowledgment first. The stream ends when the server finishes; a caller that stops
    /// reading it ends it too.
    func listen(id: JSONValue, params: JSONValue?) async -> AsyncStream<Data> {
        let meta: JSONValue = .object([Self.subscriptionKey: id])
        var honored: [String] = []
        if case .array(let uris)? = params?["notifications"]?["resourceSubscriptions"] {
            // Only a screen of a session there is: the others would never be told of.
            for uri in uris.compactMap(\.string) where await session(screenedBy: uri) != nil && !honored.contains(uri) {
                honored.append(uri)
            }
        }
        var notifications: [String: JSONValue] = [:]
        if !honored.isEmpty { notifications["resourceSubscriptions"] = .array(honored.map(JSONValue.string)) }
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(64))
        continuation.yield(
            encoded([
                "jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                "params": ["notifications": .object(notifications), "_meta": meta],
            ]))
        nextListener += 1
        let number = nextListener
        listeners[number] = Listener(uris: Set(honored), meta: meta, continuation: continuation)
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.listeners[number] = nil }
        }
        return stream
    }

    /// Tells each listen stream that reports on `uri` that it changed.
    func tellListeners(_ uri: String) {
        for listener in listeners.values where listener.uris.contains(uri) {
            listener.continuation.yield(
                encoded([
                    "jsonrpc": "2.0", "method": "notifications/resources/updated",
                    "params": ["uri": .string(uri), "_meta": listener.meta],
                ]))
        }
    }

    /// Ends every listen stream with the graceful close, its result (the server stops).
    func endListeners() {
        for listener in listeners.values {
            listener.continuation.yield(
                encoded(
                    JSONRPC.result(["_meta": listener.meta, "resultType": "complete"], id: listener.meta[Self.subscriptionKey] ?? .null)))
            listener.continuation.finish()
        }
        listeners = [:]
    }

    /// One listen stream: the screens it reports on, and where its messages go.
    struct Listener {
        let uris: Set<String>
        let meta: JSONValue
        let continuation: AsyncStream<Data>.Continuation
    }
}
