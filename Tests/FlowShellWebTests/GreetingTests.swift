@testable import FlowShellWeb
import Testing

/// A WebSocket's first message: the token, or a tab's key; nothing else lets a tab in.
@Suite struct GreetingTests {
    @Test func aPageFromThePrintedAddressSendsTheToken() throws {
        #expect(try Greeting.parse(#"{"type": "hello", "token": "abc"}"#) == Greeting(pass: .token("abc"), tab: nil))
        #expect(try Greeting.parse(#"{"type": "hello", "token": "abc", "tab": "t1"}"#) == Greeting(pass: .token("abc"), tab: "t1"))
    }

    @Test func aReloadedPageSendsItsTabAndKey() throws {
        #expect(try Greeting.parse(#"{"type": "hello", "tab": "t1", "key": "k"}"#) == Greeting(pass: .key("k"), tab: "t1"))
    }

    @Test func aPageSaysWhereItIsAndWhetherItComesBack() throws {
        #expect(
            try Greeting.parse(#"{"type": "hello", "token": "abc", "path": "/cars/rio"}"#)
                == Greeting(pass: .token("abc"), tab: nil, path: "/cars/rio", resume: false))
        #expect(
            try Greeting.parse(#"{"type": "hello", "tab": "t1", "key": "k", "path": "/", "resume": true}"#)
                == Greeting(pass: .key("k"), tab: "t1", path: "/", resume: true))
    }

    @Test(arguments: [
        (#"{"type": "run", "line": "book", "id": 1}"#, "did not say hello first"),
        ("not json", "did not say hello first"),
        (#"{"type": "hello"}"#, "neither the token nor a tab's key"),
        (#"{"type": "hello", "key": "k"}"#, "neither the token nor a tab's key"),
        (#"{"type": "hello", "tab": "t1"}"#, "neither the token nor a tab's key"),
        (#"{"type": "hello", "token": "abc", "path": "cars/rio"}"#, "not a page's path"),
        (#"{"type": "hello", "token": "abc", "path": "/cars/\u001b[2J"}"#, "not a page's path"),
    ])
    func anythingElseIsRefused(text: String, reason: String) {
        do {
            _ = try Greeting.parse(text)
            Issue.record("\(text) was taken as a greeting")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }
}
