import FlowShellMCP
import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore

/// `/mcp` (`serve --mcp`): MCP's Streamable HTTP on the browser's server and port, behind the
/// same token and bounds. Each POST carries one JSON-RPC message and is answered with its
/// response as JSON (202 for a notification; a body must say its length, and be at most
/// ``JSONRPC/longestMessage``), but for `subscriptions/listen` (2026-07-28), answered with a
/// stream of events that tells when a screen changed by itself; the server opens no stream of
/// its own to ask on, so it asks an agent's person on the stateless revision (`input_required`). A request must carry
/// the token (`Authorization: Bearer TOKEN`, or `?token=`), be addressed to this server, and
/// come from no other site's page (its `Origin`, when it has one).
struct AgentEndpoint: Sendable {
    let server: MCPServer
    let access: AccessGuard

    func register(on router: Router<BasicRequestContext>) {
        router.post("/mcp") { request, _ in await respond(to: request) }
        for method in [HTTPRequest.Method.get, .delete] {
            router.on("/mcp", method: method) { _, _ in
                // No stream of the server's own and no session of the connection's to end.
                Response(status: .methodNotAllowed, headers: [.allow: "POST"])
            }
        }
    }

    private func respond(to request: Request) async -> Response {
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given = bearer ?? request.uri.queryParameters["token"].map(String.init), access.isToken(given) else {
            return Self.error(.unauthorized, code: -32600, "this server's token is needed: the address serve printed has it")
        }
        if let origin = request.headers[.origin], let host = request.head.authority, !access.sameOrigin(origin: origin, hostHeader: host) {
            return Self.error(.forbidden, code: -32600, "a page of another site may not use this server")
        }
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
        let message = Data(body.readableBytesView)
        if let stream = await server.listen(message) {
            return Self.events(stream)
        }
        guard let answer = await server.answer(message) else {
            return Response(status: .accepted)
        }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: answer)))
    }

    /// A listen stream's messages as Server-Sent Events, each a `message` event, until the
    /// stream ends; a client that went away ends it at the next message.
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
