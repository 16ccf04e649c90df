@testable import FlowShellWeb
import Testing

/// What a page may send, checked like any input.
@Suite struct ClientMessageTests {
    @Test func aRunMessageCarriesItsLineAndID() throws {
        let message = try ClientMessage.parse(#"{"type": "run", "line": "select rio", "id": 7}"#)
        #expect(message == ClientMessage(kind: .run, line: "select rio", id: 7))
    }

    @Test func aCompleteMessageCarriesTheTextBeforeTheCursor() throws {
        let message = try ClientMessage.parse(#"{"type": "complete", "line": "open /cars/r", "id": 8}"#)
        #expect(message == ClientMessage(kind: .complete, line: "open /cars/r", id: 8))
    }

    @Test func aCancelMessageNamesTheLineToCancel() throws {
        #expect(try ClientMessage.parse(#"{"type": "cancel", "id": 7}"#) == ClientMessage(kind: .cancel, line: "", id: 7))
    }

    @Test(arguments: [
        (#"{"type": "cancel"}"#, "names no line's id"),
        ("not json", "not a JSON object"),
        ("[1, 2]", "not a JSON object"),
        (#"{"type": "eval", "line": "x"}"#, "unknown message type 'eval'"),
        (#"{"type": "run"}"#, "has no line"),
        (#"{"type": "complete", "id": 1}"#, "a complete message has no line"),
        (#"{"type": "run", "line": "back\u001b[2J"}"#, "control characters"),
        (#"{"type": "run", "line": "a\nb"}"#, "control characters"),
        (#"{"type": "run", "line": "x", "id": -1}"#, "out of range"),
    ])
    func anythingElseIsRefusedWithAReason(text: String, reason: String) {
        #expect(throws: ClientMessage.Refusal.self) { try ClientMessage.parse(text) }
        do {
            _ = try ClientMessage.parse(text)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func aLineLongerThanAnyTypedIsRefused() {
        let long = String(repeating: "x", count: ClientMessage.maximumLineLength + 1)
        #expect(throws: ClientMessage.Refusal.self) { try ClientMessage.parse(#"{"type": "run", "line": "\#(long)"}"#) }
        #expect((try? ClientMessage.parse(#"{"type": "run", "line": "\#(long.dropLast())"}"#)) != nil)
    }
}
