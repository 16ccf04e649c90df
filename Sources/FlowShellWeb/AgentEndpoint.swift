import FlowShellMCP
import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore

/// `/mcp` (`serve --mcp`): MCP's Streamable HTTP on the browser's server and port, behind the
/// same token and bounds. Each POST carries one JSON-RPC message and is answered with its
/// response as JSON (202 for a notification; a body must say its length, and be at most
/// ``JSONRPC/longestMessage``), but for `subscriptions/listen` (2026-07-28), answered with a
/// stream of events that tells when a screen changed by itself. A 2025-11-25 client's
/// `initialize` is answered with an `Mcp-Session-Id`, whose GET is the stream of the screens it
/// subscribed to (`resources/subscribe`) and whose DELETE ends it; a tool call that needs the
/// agent's person is answered on that revision with a stream of events (the `elicitation/create`
/// request, the call's result once the client answered it in a POST of its own), on the
/// stateless one with `input_required`. A request must carry
/// the token (`Authorization: Bearer TOKEN`, or `?token=`), be addressed to this server, and
/// come from no other site's page (its `Origin`, when it has one).
struct AgentEndpoint: Sendable {
    let server: MCPServer
    let access: AccessGuard

    /// The header a 2025-11-25 client's connection is named by.
    static let sessionHeader = HTTPFields.Element.Name("Mcp-Session-Id")!

    func register(on router: Router<BasicRequestContext>) {
        router.post("/mcp") { request, _ in await respond(to: request) }
        router.get("/mcp") { request, _ in await openStream(for: request) }
        router.delete("/mcp") { request, _ in await endConnection(of: request) }
    }

    /// A GET with the `Mcp-Session-Id` initialize answered: the stream of that connection's
    /// notifications (2025-11-25), as Server-Sent Events.
    private func openStream(for request: Request) async -> Response {
        if let refused = refusal(of: request) { return refused }
        guard let id = request.headers[Self.sessionHeader] else {
            // The server opens no stream but a connection's.
            return Response(status: .methodNotAllowed, headers: [.allow: "POST"])
        }
        guard let stream = await server.stream(of: id) else { return Self.unknownConnection }
        return Self.events(stream)
    }

    /// A DELETE with an `Mcp-Session-Id`: the client is done with that connection.
    private func endConnection(of request: Request) async -> Response {
        if let refused = refusal(of: request) { return refused }
        guard let id = request.headers[Self.sessionHeader] else {
            return Response(status: .methodNotAllowed, headers: [.allow: "POST"])
        }
        return await server.endConnection(id) ? Response(status: .ok) : Self.unknownConnection
    }

    /// What a connection the server does not know (never began, or forgotten) is answered.
    private static var unknownConnection: Response {
        error(.notFound, code: -32600, "no connection has this Mcp-Session-Id: initialize again")
    }

    /// Why `request` is refused at the door (the token, its origin), or nil when it is let in.
    private func refusal(of request: Request) -> Response? {
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given = bearer ?? request.uri.queryParameters["token"].map(String.init), access.isToken(given) else {
            return Self.error(.unauthorized, code: -32600, "this server's token is needed: the address serve printed has it")
        }
        if let origin = request.headers[.origin], let host = request.head.authority, !access.sameOrigin(origin: origin, hostHeader: host) {
            return Self.error(.forbidden, code: -32600, "a page of another site may not use this server")
        }
        return nil
    }

    private func respond(to request: Request) async -> Response {
        if let refused = refusal(of: request) { return refused }
        // Refused before it is read: a longer body is not passed on whole (ConnectionDoor).
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > JSONRPC.longestMessage {
            return Self.error(.contentTooLarge, code: -32600, "a message is at most \(JSONRPC.longestMessage) bytes")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: JSONRPC.longestMessage)
        } catch {
            return Self.error(.contentTooLarge, code: -32600, "a message is at most \(JSONRPC.longestMessage) bytes")
        }
        // A connection the server forgot (it restarted) is no reason to refuse a tool call: the
        // agent's sessions are its handles, which still work. Only its subscriptions are gone.
        switch await server.answer(Data(body.readableBytesView), connection: request.headers[Self.sessionHeader]) {
        case .events(let stream):
            return Self.events(stream)
        case .body(nil, _):
            return Response(status: .accepted)
        case .body(let body?, let begun):
            var headers: HTTPFields = [.contentType: "application/json"]
            if let begun { headers[Self.sessionHeader] = begun }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
    }

    /// A stream's messages as Server-Sent Events, each a `message` event, until the stream
    /// ends; a client that went away ends it at the next message.
    private static func events(_ stream: AsyncStream<Data>) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                for await message in stream {
                    try await writer.write(ByteBuffer(string: "event: message\ndata: " + String(decoding: message, as: UTF8.self) + "\n\n"))
                }
                try await writer.finish(nil)
            })
    }

    private static func error(_ status: HTTPResponse.Status, code: Int, _ message: String) -> Response {
        let body = JSONRPC.error(JSONRPC.Failure(code: code, message: message), id: .null).jsonData
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
