@testable import FlowShellWeb
import Testing

/// Who the server lets in: the token in the query or the cookie, a name it answers to, a
/// WebSocket from its own pages.
@Suite struct AccessGuardTests {
    let local = AccessGuard(token: "secret", boundTo: "127.0.0.1")

    @Test func theTokenComesInTheQueryOrInThisPortsCookie() {
        #expect(local.carriesToken(query: "secret", cookieHeader: nil, hostHeader: "127.0.0.1:8421"))
        #expect(local.carriesToken(query: nil, cookieHeader: "a=b; flowshell-token-8421=secret", hostHeader: "127.0.0.1:8421"))
        #expect(!local.carriesToken(query: "secreT", cookieHeader: nil, hostHeader: "127.0.0.1:8421"))
        #expect(!local.carriesToken(query: "secret2", cookieHeader: nil, hostHeader: "127.0.0.1:8421"))
        #expect(!local.carriesToken(query: nil, cookieHeader: nil, hostHeader: "127.0.0.1:8421"))
        // Another server's cookie on the same host is not this one's.
        #expect(!local.carriesToken(query: nil, cookieHeader: "flowshell-token-9000=secret", hostHeader: "127.0.0.1:8421"))
    }

    @Test func aServerOnLoopbackAnswersOnlyToLoopbackNames() {
        #expect(local.addressedHere(hostHeader: "127.0.0.1:8421"))
        #expect(local.addressedHere(hostHeader: "localhost:8421"))
        #expect(local.addressedHere(hostHeader: "[::1]:8421"))
        #expect(!local.addressedHere(hostHeader: "evil.example:8421"))
        #expect(!local.addressedHere(hostHeader: nil))
        #expect(!local.addressedHere(hostHeader: ""))
        let everywhere = AccessGuard(token: "secret", boundTo: "0.0.0.0")
        #expect(everywhere.addressedHere(hostHeader: "192.168.1.9:8421"))
        let named = AccessGuard(token: "secret", boundTo: "kiosk.lan")
        #expect(named.addressedHere(hostHeader: "KIOSK.lan:80"))
        #expect(!named.addressedHere(hostHeader: "other.lan:80"))
    }

    @Test func aWebSocketMustComeFromAPageOfTheServerItIsAddressedTo() {
        #expect(local.sameOrigin(origin: "http://127.0.0.1:8421", hostHeader: "127.0.0.1:8421"))
        #expect(!local.sameOrigin(origin: "http://127.0.0.1:9000", hostHeader: "127.0.0.1:8421"))
        #expect(!local.sameOrigin(origin: "http://evil.example", hostHeader: "127.0.0.1:8421"))
        #expect(!local.sameOrigin(origin: nil, hostHeader: "127.0.0.1:8421"))
        #expect(!local.sameOrigin(origin: "null", hostHeader: "127.0.0.1:8421"))
    }
}
