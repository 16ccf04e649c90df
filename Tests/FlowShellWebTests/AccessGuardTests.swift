@testable import FlowShellWeb
import Testing

/// Who the server lets in: a tab with the token or its own key, a name it answers to, a
/// WebSocket from its own pages.
@Suite struct AccessGuardTests {
    let local = AccessGuard(token: "secret", boundTo: "127.0.0.1")

    @Test func aTabComesInWithTheTokenOrWithItsOwnKey() {
        #expect(local.admits(Greeting(pass: .token("secret"), tab: nil)))
        #expect(!local.admits(Greeting(pass: .token("secreT"), tab: nil)))
        #expect(!local.admits(Greeting(pass: .token("secret2"), tab: nil)))
        #expect(!local.admits(Greeting(pass: .token(""), tab: nil)))
        let tab = "0123456789abcdef0123456789abcdef"
        let key = local.key(forTab: tab)
        #expect(local.admits(Greeting(pass: .key(key), tab: tab)))
        // A key opens only its own tab, on its own server, and is no token.
        #expect(!local.admits(Greeting(pass: .key(key), tab: "fedcba9876543210fedcba9876543210")))
        #expect(!local.admits(Greeting(pass: .key(key), tab: nil)))
        #expect(!AccessGuard(token: "other", boundTo: "127.0.0.1").admits(Greeting(pass: .key(key), tab: tab)))
        #expect(!local.admits(Greeting(pass: .token(key), tab: tab)))
        #expect(!local.admits(Greeting(pass: .key("secret"), tab: tab)))
    }

    @Test func aKeyIsTheHMACOfItsTabUnderTheToken() {
        // RFC 4231's test case 2: key "Jefe", data "what do ya want for nothing?".
        #expect(
            AccessGuard(token: "Jefe", boundTo: "127.0.0.1").key(forTab: "what do ya want for nothing?")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
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
