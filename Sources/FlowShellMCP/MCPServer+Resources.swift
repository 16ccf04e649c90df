import FlowShellRuntime
import Foundation

/// Each session's screen as a resource (`flowshell://sessions/HANDLE/screen`), so that a screen
/// that changes by itself — My bookings, when a booking is made elsewhere — reaches an agent
/// that subscribed to it without polling (2025-11-25's `resources/subscribe`, answered with
/// `notifications/resources/updated`, over stdio on the connection, over HTTP on the GET stream of
/// the client's `Mcp-Session-Id`: MCPServer+Connections.swift), or that
/// listens for it (2026-07-28's `subscriptions/listen`: ``listen(_:)``).
extension MCPServer {
    /// What the server offers: the tools, and the screens as resources to subscribe to.
    var capabilities: JSONValue {
        // Over stdio on the connection, over HTTP on the stream of the client's Mcp-Session-Id.
        ["tools": ["listChanged": false], "resources": ["subscribe": true, "listChanged": false]]
    }

    static func screenURI(of handle: String) -> String {
        "flowshell://sessions/\(handle)/screen"
    }

    /// The handle a screen's URI names.
    private static func handle(in uri: String) -> String? {
        let prefix = "flowshell://sessions/", suffix = "/screen"
        guard uri.hasPrefix(prefix), uri.hasSuffix(suffix), uri.count > prefix.count + suffix.count else { return nil }
        return String(uri.dropFirst(prefix.count).dropLast(suffix.count))
    }

    func resources(_ method: String, params: JSONValue?, connection: String?) async throws(JSONRPC.Failure) -> JSONValue {
        switch method {
        case "resources/list":
            return [
                "resources": .array(
                    sessions.openHandles.map {
                        ["uri": .string(Self.screenURI(of: $0)), "name": .string("screen \($0)"), "mimeType": "application/json"]
                    })
            ]
        case "resources/templates/list":
            return [
                "resourceTemplates": [
                    [
                        "uriTemplate": "flowshell://sessions/{handle}/screen", "name": "screen", "mimeType": "application/json",
                        "description": "The screen a session shows now, as the screen tool answers it.",
                    ]
                ]
            ]
        default:
            guard let uri = params?["uri"]?.string else { throw .invalidParams("\(method) names the resource's uri") }
            guard let handle = Self.handle(in: uri), let session = await sessions.session(handle) else {
                throw .invalidParams("no session's screen is \(uri): open a session with the open tool", data: ["uri": .string(uri)])
            }
            switch method {
            case "resources/subscribe", "resources/unsubscribe":
                let subscribing = method == "resources/subscribe"
                if let connection, subscribe(connection, to: uri, subscribing) { return [:] }
                guard canAsk else {
                    // Over HTTP, the updates go to the stream of the connection initialize began.
                    throw .invalidParams(
                        "over HTTP, \(method) needs the Mcp-Session-Id that initialize answered with (or listen with subscriptions/listen)")
                }
                if subscribing { subscribed.insert(uri) } else { subscribed.remove(uri) }
                return [:]
            default:
                let screen = answer(session, said: [], failed: false)["structuredContent"] ?? .null
                let text = String(decoding: screen.jsonData, as: UTF8.self)
                return ["contents": [["uri": .string(uri), "mimeType": "application/json", "text": .string(text)]]]
            }
        }
    }

    /// The session whose screen `uri` is, when there is one (opened again from its kept state if need be).
    func session(screenedBy uri: String) async -> AgentSession? {
        guard let handle = Self.handle(in: uri) else { return nil }
        return await sessions.session(handle)
    }

    /// Tells the client that `handle`'s screen changed, when it subscribed to it: on the
    /// connection (stdio), and on each listen stream that reports on it (HTTP).
    func screenChanged(_ handle: String) {
        let uri = Self.screenURI(of: handle)
        tellListeners(uri)
        tellConnections(uri)
        guard subscribed.contains(uri), let send else { return }
        send(encoded(["jsonrpc": "2.0", "method": "notifications/resources/updated", "params": ["uri": .string(uri)]]))
    }
}
