import Foundation

/// The first message of a tab's WebSocket, which lets it in: `{"type": "hello", "token": "…"}`
/// with the token printed at start (a page opened from that address), or `{"type": "hello",
/// "tab": "…", "key": "…"}` with the key the server gave that tab (a page reloaded, or
/// reconnecting; the page keeps it in the tab's session storage). Neither travels in the
/// address or in a cookie. It may say where the page is (`"path": "/cars/rio"`, its address's
/// path) and whether this tab is coming back after its own page went away (`"resume": true`: a
/// reload, a reconnect) rather than being a copy of a tab still open (a duplicated tab).
struct Greeting: Equatable, Sendable {
    /// How the tab says it may come in.
    enum Pass: Equatable, Sendable {
        /// The server's token.
        case token(String)
        /// The key of a tab the server let in before.
        case key(String)
    }

    let pass: Pass
    /// The tab the page was, to come back to where it was.
    let tab: String?
    /// The path of the page's address: where a tab the server does not know opens.
    var path: String? = nil
    /// Whether the tab's own page went away before this one (a reload, a reconnect): its last
    /// session, if still closing, is waited for rather than copied.
    var resume = false

    /// The longest path taken, in bytes: longer than any deep link.
    static let maximumPathLength = 2048

    private struct Wire: Decodable {
        let type: String
        let token: String?
        let tab: String?
        let key: String?
        let path: String?
        let resume: Bool?
    }

    /// Reads a greeting; anything else is refused.
    static func parse(_ text: String) throws(ClientMessage.Refusal) -> Greeting {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)), wire.type == "hello" else {
            throw ClientMessage.Refusal(reason: "the page did not say hello first")
        }
        if let path = wire.path {
            guard path.hasPrefix("/"), path.utf8.count <= maximumPathLength,
                !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw ClientMessage.Refusal(reason: "the hello's path is not a page's path")
            }
        }
        let pass: Pass
        if let token = wire.token {
            pass = .token(token)
        } else if wire.tab != nil, let key = wire.key {
            pass = .key(key)
        } else {
            throw ClientMessage.Refusal(reason: "the hello carries neither the token nor a tab's key")
        }
        return Greeting(pass: pass, tab: wire.tab, path: wire.path, resume: wire.resume ?? false)
    }
}
