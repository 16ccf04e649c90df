@testable import FlowManifest
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> JSONParser.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValueWithLocations() throws {
        let value = try parse("{\n  \"a\": [1, -2.5e3, true, false, null],\n  \"b\": \"x\\u00e9\\n\\ud83d\\ude97\"\n}")
        guard case .object(let members, let location) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(location == SourceLocation(line: 1, column: 1))
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(
            members[0].value
                == .array(
                    [
                        .number("1", SourceLocation(line: 2, column: 9)),
                        .number("-2.5e3", SourceLocation(line: 2, column: 12)),
                        .bool(true, SourceLocation(line: 2, column: 20)),
                        .bool(false, SourceLocation(line: 2, column: 26)),
                        .null(SourceLocation(line: 2, column: 33)),
                    ], SourceLocation(line: 2, column: 8)))
        #expect(members[1].value == .string("xé\n🚗", SourceLocation(line: 3, column: 8)))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let value = try parse("{\"é\": \"ü\", \"k\": 1}")
        guard case .object(let members, _) = value else { Issue.record("expected an object"); return }
        #expect(members[1].keyLocation == SourceLocation(line: 1, column: 12))
    }

    @Test(arguments: [
        ("", "the file is empty; expected a JSON object", 1, 1),
        ("{\"a\": 1,}", "trailing comma before '}'", 1, 9),
        ("[1, 2,]", "trailing comma before ']'", 1, 7),
        ("{\"a\": 1", "unexpected end of file; expected ',' or '}' after the value of \"a\"", 1, 8),
        ("{\n  \"a\" 1\n}", "unexpected '1'; expected ':' after key \"a\"", 2, 7),
        ("{'a': 1}", "unexpected \"'\"; expected a key in double quotes", 1, 2),
        ("{\"a\": tru}", "unexpected 'tru'; did you mean 'true'? (strings need double quotes)", 1, 7),
        ("{\"a\": 01}", "numbers may not have leading zeros", 1, 7),
        ("{\"a\": \"x\ny\"}", "U+000A LINE FEED inside a string; a string cannot hold it as it is — write it as \\n", 1, 9),
        ("{\"a\": \"\\q\"}", "invalid escape '\\q' in a string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", 1, 8),
        ("{} {}", "unexpected '{' after the end of the document", 1, 4),
        ("{\"a\": \"open", "unterminated string (it starts at 1:7)", 1, 12),
    ])
    func reportsSyntaxErrorsWithTheirPlace(text: String, message: String, line: Int, column: Int) {
        let error = failure(text)
        #expect(error?.message == message)
        #expect(error?.location == SourceLocation(line: line, column: column))
    }

    @Test func reportsInvalidUTF8AtItsByte() {
        var bytes = Array("{\"a\": \"".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(
                error.message == "the file is not valid UTF-8: byte 0xC3 (byte 8 of the file) begins no character; save the file as UTF-8")
            #expect(error.location == SourceLocation(line: 1, column: 8))
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let text = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(failure(text)?.message == "nested deeper than \(JSONParser.maximumDepth) levels")
        let fine = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(failure(fine) == nil)
    }

    @Test(arguments: [
        // A character after a backslash is shown whole, and named when it is not plain ASCII.
        ("[\"\\é\"]", "invalid escape: a backslash before 'é' (U+00E9 LATIN SMALL LETTER E WITH ACUTE) in a string", 1, 3),
        ("[\"\\\u{0}\"]", "invalid escape: a backslash before U+0000 NULL in a string", 1, 3),
        ("[\"\\ \"]", "invalid escape: a backslash before U+0020 SPACE in a string", 1, 3),
        // What cannot be seen, or is easily taken for something else, is named.
        ("\u{A0}{}", "unexpected U+00A0 NO-BREAK SPACE; expected a value", 1, 1),
        ("\u{FEFF}\u{FEFF}{}", "unexpected U+FEFF ZERO WIDTH NO-BREAK SPACE (a byte-order mark); expected a value", 1, 2),
        ("{\"a\": “b”}", "unexpected '“' (U+201C LEFT DOUBLE QUOTATION MARK); expected a value", 1, 7),
        ("{\"a\": \u{1B}}", "unexpected U+001B ESCAPE; expected a value", 1, 7),
        ("[\"a\tb\"]", "U+0009 CHARACTER TABULATION inside a string; a string cannot hold it as it is — write it as \\t", 1, 4),
        ("[\"a\u{1F}b\"]", "U+001F UNIT SEPARATOR inside a string; a string cannot hold it as it is — write it as \\u001F", 1, 4),
        ("{\"a\\u0000b\" 1}", "unexpected '1'; expected ':' after key \"a<U+0000 NULL>b\"", 1, 13),
    ])
    func namesCharactersThatCannotBeSeen(text: String, message: String, line: Int, column: Int) {
        let error = failure(text)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.location == SourceLocation(line: line, column: column))
        #expect(error?.message.unicodeScalars.allSatisfy { !CharacterDescription.isInvisible($0) } == true)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndingCountsLines(ending: String) {
        let text = ["{", "  \"a\": 1,", "  \"b\": x", "}"].joined(separator: ending)
        #expect(failure(text)?.location == SourceLocation(line: 3, column: 8))
    }
}
