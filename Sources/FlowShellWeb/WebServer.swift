import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The HTTP server of `serve`: the page, its script and styles at `/`, `/app.js` and
/// `/style.css`, and each tab's WebSocket at `/ws`. Every request must carry the token, and a
/// WebSocket must come from a page of this server (``AccessGuard``).
struct WebServer: Sendable {
    /// The largest message a page may send; a larger one closes its session (code 1009).
    static let maximumMessageSize = 16 * 1024

    let host: String
    let port: Int
    let access: AccessGuard
    let sessions: WebSessions
    /// Called with the port bound, once the server listens.
    let listening: @Sendable (Int) async -> Void

    /// Why the server could not serve, in the user's words: the system's own words for a port
    /// in use or an address it cannot take are a call's name and an errno.
    static func describe(_ error: any Error, host: String, port: Int) -> String {
        let place = "\(host):\(port)"
        guard let error = error as? IOError else { return "cannot serve on \(place): \(error)" }
        switch error.errnoCode {
        case EADDRINUSE:
            return "cannot serve on \(place): another program listens on port \(port) — choose another with --port, or --port 0 for a free one"
        case EADDRNOTAVAIL:
            return "cannot serve on \(place): \(host) is not an address of this machine — --host 127.0.0.1 serves this machine only, 0.0.0.0 every address"
        case EACCES:
            return "cannot serve on \(place): port \(port) needs privileges this user lacks — choose a port above 1023 with --port"
        default:
            return "cannot serve on \(place): \(String(cString: strerror(error.errnoCode)))"
        }
    }

    /// Serves until the process is told to stop (SIGINT, SIGTERM).
    func run() async throws {
        let router = Router()
        let access = self.access
        router.get("/") { request, _ -> Response in
            guard let host = request.head.authority, access.addressedHere(hostHeader: host) else {
                return Self.refusal(.misdirectedRequest, "This server does not answer to that name.")
            }
            let query = request.uri.queryParameters["token"].map(String.init)
            guard access.carriesToken(query: query, cookieHeader: request.headers[.cookie], hostHeader: host) else {
                return Self.refusal(.forbidden, "This page needs its token: open the address, with ?token=, that the serve command printed.")
            }
            var headers = Self.pageHeaders(type: "text/html; charset=utf-8")
            // After the first visit the token travels in a cookie, so that a reload needs no
            // token in the address bar (the page takes it out of it).
            headers[.setCookie] = "\(AccessGuard.cookieName(hostHeader: host))=\(access.token); Path=/; HttpOnly; SameSite=Strict"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.page)))
        }
        router.get("/app.js") { _, _ in
            Response(status: .ok, headers: Self.pageHeaders(type: "text/javascript; charset=utf-8"),
                     body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.script)))
        }
        router.get("/style.css") { _, _ in
            Response(status: .ok, headers: Self.pageHeaders(type: "text/css; charset=utf-8"),
                     body: .init(byteBuffer: ByteBuffer(bytes: PageAssets.styles)))
        }

        let sockets = Router(context: BasicWebSocketRequestContext.self)
        let sessions = self.sessions
        sockets.ws("/ws", shouldUpgrade: { request, _ in
            guard let host = request.head.authority, access.addressedHere(hostHeader: host),
                  access.sameOrigin(origin: request.headers[.origin], hostHeader: host),
                  access.carriesToken(query: request.uri.queryParameters["token"].map(String.init),
                                      cookieHeader: request.headers[.cookie], hostHeader: host)
            else { return .dontUpgrade }
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, context in
            let tab = context.request.uri.queryParameters["tab"].map(String.init)
            await SocketSession.serve(inbound: inbound, outbound: outbound, tab: tab, sessions: sessions)
        })

        var logger = Logger(label: "flowshell-serve")
        logger.logLevel = .error
        let listening = self.listening
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: sockets,
                                           configuration: .init(ws: .init(maxFrameSize: Self.maximumMessageSize))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await listening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await app.runService()
    }

    /// Headers of the page and its files: nothing from elsewhere, no framing. (The page's own
    /// `referrer` meta tag keeps the token out of referrers.)
    private static func pageHeaders(type: String) -> HTTPFields {
        [
            .contentType: type,
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
        ]
    }

    private static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
