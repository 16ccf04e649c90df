import FlowShellRuntime
import Foundation
import Testing

@testable import FlowShellMCP

/// What a line from the client is, and what a line that is no request gets.
@Suite struct JSONRPCTests {
    private func parse(_ text: String) -> Result<JSONRPC.Incoming, JSONRPC.FailureWithID> {
        JSONRPC.parse(Data(text.utf8))
    }

    @Test func aRequestANotificationAndAResponseAreToldApart() throws {
        #expect(
            try parse(#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}"#).get()
                == .request(id: 7, method: "tools/list", params: [:]))
        #expect(
            try parse(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).get()
                == .notification(method: "notifications/initialized", params: nil))
        #expect(
            try parse(#"{"jsonrpc":"2.0","id":"a","result":{"action":"accept"}}"#).get()
                == .response(id: "a", result: ["action": "accept"], error: nil))
    }

    @Test func whatIsNoRequestGetsTheErrorJSONRPCGivesIt() {
        func code(_ text: String) -> Int? {
            if case .failure(let refused) = parse(text) { return refused.failure.code }
            return nil
        }
        #expect(code("{not json") == -32700)
        #expect(code("[1,2]") == -32600)
        #expect(code(#"{"id":1,"method":"ping"}"#) == -32600)
        #expect(code(#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#) == -32600)
        #expect(code(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":3}"#) == -32600)
        #expect(code(#"{"jsonrpc":"2.0","id":1}"#) == -32600)
        let long =
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""# + String(repeating: "x", count: JSONRPC.longestMessage) + #""}}"#
        #expect(code(long) == -32600)
    }

    @Test func aRefusedRequestIsAnsweredWithItsOwnID() {
        guard case .failure(let refused) = parse(#"{"jsonrpc":"1.0","id":5,"method":"ping"}"#) else {
            Issue.record("a request of another JSON-RPC was taken")
            return
        }
        #expect(refused.id == 5)
    }

    @Test func valuesGoOutAsTheyCameWithSortedKeys() throws {
        let value: JSONValue = ["b": [1, 2.5, "x", true, .null], "a": ["c": "d"]]
        #expect(String(decoding: value.jsonData, as: UTF8.self) == #"{"a":{"c":"d"},"b":[1,2.5,"x",true,null]}"#)
        #expect(try JSONDecoder().decode(JSONValue.self, from: value.jsonData) == value)
    }
}
