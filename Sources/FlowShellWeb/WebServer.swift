import FlowShellServing
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP server of `serve`: the page at `/` and at every other path (the address follows the
/// flow: `/cars/rio` is the page, opening that deep link), its script, styles and icon at
/// `/app.js`, `/style.css` and `/favicon.svg`, and each tab's WebSocket at `/ws`. Every request must be addressed to this
/// server, a WebSocket must come from a page of this server, and a tab is let in by its first
/// message (``AccessGuard``). Every connection is bounded (``ServingBounds``): how many at once,
/// how long to send a request, how long idle, how much a tab sends.
struct WebServer: Sendable {
    let host: String
    let port: Int
    let access: AccessGuard
    let sessions: WebSessions
    let bounds: ServingBounds
    /// What is taken out of every message to a tab.
    let redaction: PathRedaction
    /// MCP for agents at `/mcp` (`serve --mcp`), if served.
    let agents: AgentEndpoint?
    /// Called with the port bound, once the server listens.
    let listening: @Sendable (Int) async -> Void

    /// The server, as a service of the server program's group, which stops it (SIGINT, SIGTERM).
    func service() -> some Service {
        let router = Router()
        let access = self.access
        router.add(middleware: AddressedHere(access: access))
        // The page holds no secret, so a reload — its address no longer has the token — is
        // served; an address with a wrong token is refused at once, with a page that says what
        // to do. Every path is the page: the page opens the deep link its path names.
        let page: @Sendable (Request, BasicRequestContext) -> Response = { request, _ in
            if let given = request.uri.queryParameters["token"], !access.isToken(String(given)) {
                return Response(
                    status: .forbidden, headers: Self.pageHeaders(type: "text/html; charset=utf-8"),
                    body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.refusal)))
            }
            return Response(
                status: .ok, headers: Self.pageHeaders(type: "text/html; charset=utf-8"),
                body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.page)))
        }
        router.get("/", use: page)
        router.get("/**", use: page)
        router.get("/app.js") { _, _ in
            Response(
                status: .ok, headers: Self.pageHeaders(type: "text/javascript; charset=utf-8"),
                body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.script)))
        }
        router.get("/style.css") { _, _ in
            Response(
                status: .ok, headers: Self.pageHeaders(type: "text/css; charset=utf-8"),
                body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.styles)))
        }
        for icon in ["/favicon.svg", "/favicon.ico"] {
            router.get(RouterPath(icon)) { _, _ in
                Response(
                    status: .ok, headers: Self.pageHeaders(type: "image/svg+xml"),
                    body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.icon)))
            }
        }
        agents?.register(on: router)
        router.get("/ws") { _, _ in
            Self.refusal(.badRequest, "This is the page's WebSocket: open the page instead.")
        }

        let door = SocketSession.Door(access: access, sessions: sessions, redaction: redaction)
        let freedMemory = FreedMemory()

        // Hummingbird logs, as errors, each connection that ends before its request is read —
        // one the header deadline closed, one a client dropped — which a client can cause as
        // often as it likes. The server's own failures reach the person as errors `run` throws.
        var logger = Logger(label: "flowshell-serve")
        logger.logLevel = .critical
        let listening = self.listening
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                idleTimeout: TimeAmount(ServingBounds.idleTimeout),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: ServingBounds.maximumHeaderSize,
                    maxHeaderListSize: ServingBounds.maximumHeaderSize)),
            ws: .init(
                maxFrameSize: ServingBounds.maximumMessageSize, autoPing: .enabled(timePeriod: ServingBounds.pingInterval),
                closeTimeout: ServingBounds.closeTimeout, validateUTF8: true))
        let connections = bounds.connections
        let startups = OpenStartups()
        let server = HTTPServerBuilder { responder in
            // A WebSocket is upgraded here rather than through a router of its own: the router's
            // upgrade keeps every connection's request context in a cycle that is never freed
            // (hummingbird-websocket 2.8.1), some 650 bytes a tab (docs/performance.md).
            CappedChannel(
                served: HeaderSizeLimited(
                    served: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: channel) { request, _, _ in
                        guard request.method == .get, URLComponents(string: request.path ?? "")?.path == "/ws",
                            let host = request.authority, access.addressedHere(hostHeader: host),
                            access.sameOrigin(origin: request.headerFields[.origin], hostHeader: host)
                        else { return .dontUpgrade }
                        let connection = freedMemory.connection()
                        return .upgrade([:]) { inbound, outbound, _ in
                            // The token is freed with this handler, which goes with the last of the connection.
                            _ = connection
                            try await SocketSession.serve(inbound: inbound, outbound: outbound, door: door)
                        }
                    }), cap: connections, startups: startups)
        }
        return Application(
            router: router,
            server: server,
            // No delegate that stops accepting at a number of connections: AdmissionGate and
            // CappedChannel close what they refuse as soon as it is accepted, so a tab never
            // waits behind them.
            configuration: .init(address: .hostname(host, port: port), serverName: nil, backlog: ServingBounds.backlog),
            onServerRunning: { channel in
                // Connections are let in or refused as they are accepted (AdmissionGate), before
                // Hummingbird's handlers see them.
                try? await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHandler(AdmissionGate { startups.admit($0) }, position: .first)
                }.get()
                await listening(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
    }

    /// Headers of the page and its files: nothing from elsewhere, no framing. (The page's own
    /// `referrer` meta tag keeps its address out of referrers.)
    private static func pageHeaders(type: String) -> HTTPFields {
        [
            .contentType: type,
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
        ]
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}

/// Refuses (421) a request addressed to a name this server does not answer to: another site's
/// name pointed at this address gets nothing.
private struct AddressedHere: RouterMiddleware {
    typealias Context = BasicRequestContext
    let access: AccessGuard

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard access.addressedHere(hostHeader: request.head.authority) else {
            return WebServer.refusal(.misdirectedRequest, "This server does not answer to that name.")
        }
        return try await next(request, context)
    }
}
