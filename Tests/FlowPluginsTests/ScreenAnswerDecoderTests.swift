import FlowPluginProtocol
@testable import FlowPlugins
import FlowShellKit
import Foundation
import Testing

/// The one-pass reader of a screen's answer decodes what JSONDecoder decodes, and leaves to it
/// (returning nil) whatever it does not take as it is; the envelope read by hand is
/// JSONDecoder's. (The plugin fuzzer checks the same on whatever it makes up.)
@Suite struct ScreenAnswerDecoderTests {
    private static func answer(_ components: String, rest: String = #""status": "ok""#) -> String {
        #"{"type": "response", "id": 7, "result": {"view": {"title": "T", "components": \#(components), \#(rest)}, "events": [{"name": "done"}]}}"#
    }

    /// Lines the reader takes: every kind of component, escapes, unknown keys, nulls for absent.
    static let taken = [
        answer(#"[]"#),
        answer(#"[{"kind": "heading", "text": "Hi"}, {"kind": "text", "text": "a\nb\t\"c\" \\ \/ \u00e9 \ud83d\ude00 \u0000"}]"#),
        answer(#"[{"kind": "list", "items": ["a", "b"], "numbered": true}, {"kind": "list", "items": [], "numbered": null}]"#),
        answer(
            #"[{"kind": "table", "columns": [{"title": "N", "alignment": "trailing", "shrinksFirst": true}, {"title": "T", "keepsWidth": false, "alignment": null, "extra": [1, -2.5e3, {"x": null}]}], "rows": [["1", "one"], ["2", "two", "more"], []]}]"#
        ),
        answer(
            #"[{"rows": [[], ["only"], ["a", "b", "c"]], "kind": "table", "columns": [{"title": "N"}]}, {"kind": "table", "columns": [], "rows": []}]"#
        ),
        answer(
            #"[{"kind": "keyValue", "pairs": [{"key": "k", "value": "v", "note": true}]}, {"kind": "message", "style": "warning", "text": "careful"}, {"kind": "divider"}]"#
        ),
        answer(#" [ { "kind" : "text" , "text" : "spaced" } ] "#),
        // What rows open and offer (1.3): every member, defaults, nulls for absent.
        answer(
            #"[{"kind": "table", "columns": [{"title": "ID"}], "rows": [["rio"]], "rowCommands": {"column": 0, "opens": "select", "offers": ["cancel", "book"]}}]"#
        ),
        answer(
            #"[{"kind": "table", "rowCommands": {"offers": ["cancel"]}, "columns": [{"title": "ID"}, {"title": "Code"}], "rows": []}, {"kind": "table", "columns": [], "rows": [], "rowCommands": {"column": 1, "opens": null, "offers": null, "note": 1}}]"#
        ),
        answer(
            #"[{"kind": "table", "columns": [], "rows": [], "rowCommands": null}, {"kind": "table", "columns": [], "rows": [], "rowCommands": {}}]"#
        ),
        #"{"id": 7, "result": {"events": [], "view": {"components": [{"text": "first", "kind": "text"}], "title": "keys in any order"}}, "type": "response"}"#,
    ]

    /// Lines it leaves to JSONDecoder: what it cannot take as it is, right or wrong.
    static let left = [
        answer(#"[{"kind": "sparkle"}]"#),
        answer(#"[{"kind": "divider", "text": 5}]"#),
        answer(#"[{"kind": "text"}]"#),
        answer(#"[{"kind": "text", "text": 5}]"#),
        answer(#"[{"kind": "text", "text": "a", "text": "b"}]"#),
        answer(#"[{"kind": "message", "style": "loud", "text": "x"}]"#),
        answer(#"[{"kind": "text", "text": "\x"}]"#),
        answer(#"[{"kind": "text", "text": "\ud83d"}]"#),
        answer(#"[{"kind": "text", "text": "a", "extra": 01}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [["1", 2]]}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [], "rowCommands": {"column": -1, "opens": "select"}}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [], "rowCommands": {"column": 1.0}}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [], "rowCommands": {"opens": 5}}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [], "rowCommands": {"offers": "cancel"}}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [], "rowCommands": {"opens": "a", "opens": "b"}}]"#),
        answer(#"[{"kind": "table", "columns": [], "rows": [], "rowCommands": ["select"]}]"#),
        answer("[]", rest: #""components": []"#),
        #"{"type": "response", "id": 7, "result": {"view": {"title": "no components"}}}"#,
        #"{"type": "response", "id": 7, "error": {"message": "no such thing"}}"#,
    ]

    @Test(arguments: taken)
    func aLineItTakesDecodesAsJSONDecoderDecodesIt(_ line: String) throws {
        let data = Data(line.utf8)
        let fast = try #require(try ScreenAnswerDecoder.fastDecode(data))
        let full = try JSONDecoder().decode(ScreenAnswerDecoder.Answer.self, from: data)
        #expect(fast.id == full.id)
        #expect(fast.result == full.result)
        #expect(fast.error == full.error)
    }

    @Test(arguments: left)
    func aLineItDoesNotTakeGoesToJSONDecoder(_ line: String) throws {
        let data = Data(line.utf8)
        #expect(try ScreenAnswerDecoder.fastDecode(data) == nil)
        let full = try? JSONDecoder().decode(ScreenAnswerDecoder.Answer.self, from: data)
        let decoded = try? ScreenAnswerDecoder.decode(data)
        #expect(decoded?.result == full?.result)
        #expect(decoded?.error == full?.error)
    }

    @Test func aBadLineFailsWithJSONDecodersError() {
        let data = Data(Self.answer(#"[{"kind": "text", "text": 5}]"#).utf8)
        #expect(throws: DecodingError.self) { try ScreenAnswerDecoder.decode(data) }
    }

    @Test(
        arguments: taken + left + [
            #"{"type": "update", "instance": 3, "view": {"title": "x", "components": []}}"#, #"{"type": "cancel", "id": null}"#,
            #"{"type": "update", "instance": 03}"#, #"{"type": "response", "id": -01}"#,
        ])
    func theEnvelopeReadByHandIsJSONDecoders(_ line: String) throws {
        let bytes = Array(line.utf8)
        let read = bytes.withUnsafeBytes { buffer -> (type: String, id: Int?, instance: Int?)? in
            var reader = PluginJSONReader(bytes: buffer)
            return reader.envelope()
        }
        // What the hand does not take (a number written `01`, say) goes to JSONDecoder.
        guard let scanned = read else {
            #expect(!Self.taken.contains(line))
            return
        }
        let decoded = try JSONDecoder().decode(PluginMessage.Envelope.self, from: Data(bytes))
        #expect(scanned.type == decoded.type)
        #expect(scanned.id == decoded.id)
        #expect(scanned.instance == decoded.instance)
    }
}
