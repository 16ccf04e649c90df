import Foundation

/// The first message of a tab's WebSocket, which lets it in: `{"type": "hello", "token": "…"}`
/// with the token printed at start (a page opened from that address), or `{"type": "hello",
/// "tab": "…", "key": "…"}` with the key the server gave that tab (a page reloaded; the page
/// keeps it in the tab's session storage). Neither travels in the address or in a cookie.
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

    private struct Wire: Decodable {
        let type: String
        let token: String?
        let tab: String?
        let key: String?
    }

    /// Reads a greeting; anything else is refused.
    static func parse(_ text: String) throws(ClientMessage.Refusal) -> Greeting {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)), wire.type == "hello" else {
            throw ClientMessage.Refusal(reason: "the page did not say hello first")
        }
        if let token = wire.token {
            return Greeting(pass: .token(token), tab: wire.tab)
        }
        guard let tab = wire.tab, let key = wire.key else {
            throw ClientMessage.Refusal(reason: "the hello carries neither the token nor a tab's key")
        }
        return Greeting(pass: .key(key), tab: tab)
    }
}
