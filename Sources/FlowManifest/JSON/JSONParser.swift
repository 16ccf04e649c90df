/// A strict JSON parser (RFC 8259) that keeps the line and column of every value and reports
/// the first syntax error with its place, in words a person can act on. Lines end at LF, CRLF
/// or a lone CR; a character a message shows is named when it cannot be seen
/// (``CharacterDescription``).
public struct JSONParser {
    /// A syntax error: what was wrong and where.
    public struct SyntaxError: Error, Sendable, Equatable {
        /// What was wrong.
        public var message: String
        /// Where.
        public var location: SourceLocation
    }

    /// Documents deeper than this are refused instead of exhausting the stack.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        if let invalid = UTF8Validation.firstInvalidByte(in: bytes) {
            advance(to: invalid)
            throw SyntaxError(
                message: "the file is not valid UTF-8: \(CharacterDescription.describe(byte: bytes[invalid])) "
                    + "(byte \(invalid + 1) of the file) begins no character; save the file as UTF-8",
                location: here)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { advance(to: 3) }
        skipWhitespace()
        guard offset < bytes.count else {
            throw SyntaxError(message: "the file is empty; expected a JSON object", location: here)
        }
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count {
            throw SyntaxError(message: "unexpected \(describeCurrent()) after the end of the document", location: here)
        }
        return value
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        let start = here
        guard let byte = current else {
            throw SyntaxError(message: "unexpected end of file; expected a value", location: start)
        }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString(), start)
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true, start)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false, start)
        case UInt8(ascii: "n"): try expectWord("null"); return .null(start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber(), start)
        default:
            throw SyntaxError(message: "unexpected \(describeCurrent()); expected a value", location: start)
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw SyntaxError(message: "nested deeper than \(Self.maximumDepth) levels", location: here)
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        let start = here
        try enter()
        advance()
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return .object(members, start)
        }
        while true {
            skipWhitespace()
            let keyLocation = here
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") {
                    throw SyntaxError(message: "trailing comma before '}'", location: keyLocation)
                }
                throw SyntaxError(message: "unexpected \(describeCurrent()); expected a key in double quotes", location: keyLocation)
            }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw SyntaxError(message: "unexpected \(describeCurrent()); expected ':' after key \"\(Self.shown(key))\"", location: here)
            }
            advance()
            let value = try parseValue()
            members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                return .object(members, start)
            default:
                throw SyntaxError(
                    message: "unexpected \(describeCurrent()); expected ',' or '}' after the value of \"\(Self.shown(key))\"",
                    location: here)
            }
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        let start = here
        try enter()
        advance()
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return .array(elements, start)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                throw SyntaxError(message: "trailing comma before ']'", location: here)
            }
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return .array(elements, start)
            default:
                throw SyntaxError(message: "unexpected \(describeCurrent()); expected ',' or ']' in the array", location: here)
            }
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = here
        advance()
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard let byte = current else {
                throw SyntaxError(message: "unterminated string (it starts at \(start))", location: here)
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                let escapeLocation = here
                advance()
                guard let escaped = current else {
                    throw SyntaxError(message: "unterminated string (it starts at \(start))", location: here)
                }
                let escapedOffset = offset
                advance()
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    scalars.append(try parseUnicodeEscape(at: escapeLocation))
                default:
                    throw SyntaxError(message: Self.invalidEscape(scalar(at: escapedOffset)), location: escapeLocation)
                }
            case 0x00..<0x20:
                throw SyntaxError(message: Self.unescapedControl(Unicode.Scalar(byte)), location: here)
            default:
                run.append(byte)
                advance()
            }
        }
    }

    private mutating func parseHexQuad(at location: SourceLocation) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw SyntaxError(message: "\\u must be followed by four hexadecimal digits", location: location)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseUnicodeEscape(at location: SourceLocation) throws(SyntaxError) -> Unicode.Scalar {
        let first = try parseHexQuad(at: location)
        if (0xD800...0xDBFF).contains(first) {
            guard current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                throw SyntaxError(message: "a lone UTF-16 surrogate in a \\u escape", location: location)
            }
            advance(); advance()
            let second = try parseHexQuad(at: location)
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else {
                throw SyntaxError(message: "a lone UTF-16 surrogate in a \\u escape", location: location)
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw SyntaxError(message: "a lone UTF-16 surrogate in a \\u escape", location: location)
        }
        return scalar
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = offset
        let startLocation = here
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, Self.isDigit(first) else {
            throw SyntaxError(message: "a number needs a digit after '-'", location: startLocation)
        }
        if first == UInt8(ascii: "0") {
            advance()
            if let next = current, Self.isDigit(next) {
                throw SyntaxError(message: "numbers may not have leading zeros", location: startLocation)
            }
        } else {
            while let byte = current, Self.isDigit(byte) { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard let byte = current, Self.isDigit(byte) else {
                throw SyntaxError(message: "a number needs digits after '.'", location: here)
            }
            while let byte = current, Self.isDigit(byte) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let byte = current, Self.isDigit(byte) else {
                throw SyntaxError(message: "a number needs digits in its exponent", location: here)
            }
            while let byte = current, Self.isDigit(byte) { advance() }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
        let start = here
        let startOffset = offset
        let expected = word.withUTF8Buffer { Array($0) }
        var end = offset
        while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        guard bytes[startOffset..<end].elementsEqual(expected) else {
            let found = String(decoding: bytes[startOffset..<end], as: UTF8.self)
            throw SyntaxError(message: "unexpected '\(found)'; did you mean '\(word)'? (strings need double quotes)", location: start)
        }
        advance(to: end)
    }

    // MARK: - Reading bytes

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func peek(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    private mutating func advance() {
        guard offset < bytes.count else { return }
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            // The LF of a CRLF ends the line its CR already ended.
            if offset < 2 || bytes[offset - 2] != UInt8(ascii: "\r") { line += 1 }
            column = 1
        } else if byte == UInt8(ascii: "\r") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Continuation bytes belong to the scalar already counted.
            column += 1
        }
    }

    private mutating func advance(to target: Int) {
        while offset < target { advance() }
    }

    private mutating func skipWhitespace() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        {
            advance()
        }
    }

    private func describeCurrent() -> String {
        guard current != nil else { return "end of file" }
        return CharacterDescription.describe(scalar(at: offset))
    }

    /// The whole character that starts at byte `start` (the text is valid UTF-8 by the time
    /// anything is parsed; U+FFFD past the end of the file).
    private func scalar(at start: Int) -> Unicode.Scalar {
        guard start < bytes.count else { return "\u{FFFD}" }
        var end = start + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    /// A key or string as a message quotes it: what cannot be seen is named.
    private static func shown(_ text: String) -> String {
        CharacterDescription.showingInvisible(text)
    }

    private static func invalidEscape(_ scalar: Unicode.Scalar) -> String {
        let allowed = "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        if scalar.value > 0x20 && scalar.value < 0x7F && scalar != "'" {
            return "invalid escape '\\\(scalar)' in a string; \(allowed)"
        }
        return "invalid escape: a backslash before \(CharacterDescription.describe(scalar)) in a string; \(allowed)"
    }

    private static func unescapedControl(_ scalar: Unicode.Scalar) -> String {
        let escape =
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{08}": "\\b"
            case "\u{0C}": "\\f"
            default: "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            }
        return "\(CharacterDescription.describe(scalar)) inside a string; a string cannot hold it as it is — write it as \(escape)"
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
