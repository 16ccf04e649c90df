import Crypto
import FlowShellServing
import Foundation

/// Who may use the server: a request must be addressed to this server by a name it answers to
/// (so that another site's name pointed at this address gets nothing), a WebSocket must be
/// opened by a page of this server (its `Origin`), and its first message must carry the token
/// printed at start or the key of a tab let in before (``Greeting``). The page itself holds no
/// secret, so it is served without one; an address with a wrong token is refused.
struct AccessGuard: Sendable {
    /// The secret printed at start.
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

    /// Whether `given` is the token.
    func isToken(_ given: String) -> Bool {
        Self.sameSecret(given, token)
    }

    /// The key a tab is given when it is let in, with which it comes back (after a reload)
    /// without the token: an HMAC of the tab's id under the token, so the server keeps no list
    /// of keys, a key opens only its own tab, and the keys end with the token.
    func key(forTab tab: String) -> String {
        RandomToken.hexadecimal(HMAC<SHA256>.authenticationCode(for: Data(tab.utf8), using: SymmetricKey(data: Data(token.utf8))))
    }

    /// Whether a greeting lets its tab in: it carries the token, or the key of the tab it names.
    func admits(_ greeting: Greeting) -> Bool {
        switch greeting.pass {
        case .token(let given): isToken(given)
        case .key(let given): greeting.tab.map { Self.sameSecret(given, key(forTab: $0)) } ?? false
        }
    }

    /// Whether a WebSocket's `Origin` is a page of the server the request is addressed to.
    func sameOrigin(origin: String?, hostHeader: String) -> Bool {
        guard let origin else { return false }
        return origin.lowercased() == "http://" + hostHeader.lowercased()
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
