/// Who may use the server: a request must carry the token printed at start (in the URL as
/// `?token=`, or in the cookie the page sets), must be addressed to this server by a name it
/// answers to (so that another site's name pointed at this address gets nothing), and a
/// WebSocket must be opened by a page of this server (its `Origin`).
struct AccessGuard: Sendable {
    /// The secret every request carries.
    let token: String
    /// The host names requests may be addressed to; empty: any (the server answers on every
    /// address, and its token is the only key).
    let hostNames: Set<String>

    /// A guard for a server bound to `host`.
    init(token: String, boundTo host: String) {
        self.token = token
        let loopback: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]
        switch host {
        case "0.0.0.0", "::", "[::]": hostNames = []
        case _ where loopback.contains(host): hostNames = loopback
        default: hostNames = loopback.union([host.lowercased()])
        }
    }

    /// The name of the cookie that keeps the token for the server at `hostHeader`'s port
    /// (cookies do not tell ports apart).
    static func cookieName(hostHeader: String) -> String {
        let port = hostHeader.split(separator: ":").last.flatMap { Int($0) } ?? 0
        return "flowshell-token-\(port)"
    }

    /// Whether `hostHeader` names this server.
    func addressedHere(hostHeader: String?) -> Bool {
        guard let hostHeader, !hostHeader.isEmpty else { return false }
        if hostNames.isEmpty { return true }
        return hostNames.contains(Self.hostName(of: hostHeader))
    }

    /// The host of a `Host` header, without its port: `[::1]:8080` → `[::1]`.
    static func hostName(of hostHeader: String) -> String {
        let lowered = hostHeader.lowercased()
        if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") {
            return String(lowered[...end])
        }
        return String(lowered.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// Whether a request carries the token, in its query or in its cookie.
    func carriesToken(query: String?, cookieHeader: String?, hostHeader: String) -> Bool {
        if let query, Self.sameSecret(query, token) { return true }
        guard let cookieHeader else { return false }
        let name = Self.cookieName(hostHeader: hostHeader)
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, Self.trimmed(parts[0]) == name else { continue }
            if Self.sameSecret(String(Self.trimmed(parts[1])), token) { return true }
        }
        return false
    }

    /// Whether a WebSocket's `Origin` is a page of the server the request is addressed to.
    func sameOrigin(origin: String?, hostHeader: String) -> Bool {
        guard let origin else { return false }
        return origin.lowercased() == "http://" + hostHeader.lowercased()
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop(while: { $0 == " " })
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Compares in a time that does not depend on where the texts differ.
    static func sameSecret(_ given: String, _ secret: String) -> Bool {
        let a = Array(given.utf8), b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
