/// The JSON grammar the plugin reader reads with: each piece reads one value at `index` (after
/// any whitespace), moves past it and says whether it was there as JSON writes it.
extension PluginJSONReader {
    /// `[` element, … `]`, each element read by `element`.
    mutating func array(_ element: (inout PluginJSONReader) -> Bool) -> Bool {
        skipWhitespace()
        guard expect(UInt8(ascii: "[")) else { return false }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return true
        }
        while true {
            skipWhitespace()
            guard element(&self) else { return false }
            skipWhitespace()
            guard let next = next() else { return false }
            if next == UInt8(ascii: "]") { return true }
            guard next == UInt8(ascii: ",") else { return false }
        }
    }

    /// How many elements the array here has, and how many its elements that are arrays have
    /// in all (0 and 0 when it is no array), the place left as it was.
    mutating func count() -> (elements: Int, innerElements: Int) {
        let start = index
        defer { index = start }
        var elements = 0, innerElements = 0
        let read = array { reader in
            elements += 1
            guard reader.peek() == UInt8(ascii: "[") else { return reader.skipValue() }
            return reader.array { reader in
                innerElements += 1
                return reader.skipValue()
            }
        }
        return read ? (elements, innerElements) : (0, 0)
    }

    /// `{` "key": value, … `}`, each value read by `member`.
    mutating func object(_ member: (inout PluginJSONReader, String) -> Bool) -> Bool {
        skipWhitespace()
        guard expect(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            skipWhitespace()
            guard let key = string(), skipWhitespaceThen(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(&self, key) else { return false }
            skipWhitespace()
            guard let next = next() else { return false }
            if next == UInt8(ascii: "}") { return true }
            guard next == UInt8(ascii: ",") else { return false }
        }
    }

    mutating func enterObject() -> Bool {
        skipWhitespace()
        guard expect(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        return true
    }

    /// `true`, `false`, or `null` (nil's place: false, as an absent flag).
    mutating func optionalBool() -> Bool? {
        skipWhitespace()
        if literal("true") { return true }
        if literal("false") || literal("null") { return false }
        return nil
    }

    mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A string, with its escapes; nil for anything JSONDecoder might read otherwise.
    mutating func string() -> String? {
        guard let utf8 = stringBytes() else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    /// A string's UTF-8 bytes (not yet checked to be UTF-8).
    mutating func stringBytes() -> [UInt8]? {
        skipWhitespace()
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // Most strings have no escape: their bytes are taken as they are.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return Array(bytes[start..<index])
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return utf8
            case UInt8(ascii: "\\"):
                guard let escaped = next() else { return nil }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hexUnit() else { return nil }
                    var scalar: Unicode.Scalar?
                    if UTF16.isLeadSurrogate(unit) {
                        guard expect(UInt8(ascii: "\\")), expect(UInt8(ascii: "u")), let trail = hexUnit(),
                            UTF16.isTrailSurrogate(trail)
                        else { return nil }
                        scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
                    } else {
                        scalar = Unicode.Scalar(unit)
                    }
                    guard let scalar else { return nil }
                    utf8.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    /// Skips a string, its bytes unchecked (as JSONDecoder leaves the strings it does not read).
    mutating func skipString() -> Bool {
        guard expect(UInt8(ascii: "\"")) else { return false }
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"): guard next() != nil else { return false }
            default: if byte < 0x20 { return false }
            }
        }
        return false
    }

    mutating func hexUnit() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Skips one value of any kind: a string, an array, an object, or a number or literal.
    mutating func skipValue() -> Bool {
        skipWhitespace()
        guard let first = peek() else { return false }
        switch first {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "["): return array { $0.skipValue() }
        case UInt8(ascii: "{"): return object { reader, _ in reader.skipValue() }
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    /// A number as JSON writes it: `-`? digits (`.` digits)? (`e` sign? digits)?.
    mutating func number() -> Bool {
        _ = expect(UInt8(ascii: "-"))
        guard integerPart() else { return false }
        if expect(UInt8(ascii: ".")), !digits() { return false }
        if expect(UInt8(ascii: "e")) || expect(UInt8(ascii: "E")) {
            if !expect(UInt8(ascii: "+")) { _ = expect(UInt8(ascii: "-")) }
            return digits()
        }
        return true
    }

    /// A number's whole part as JSON writes it: `0`, or digits that do not start with `0`
    /// (JSONDecoder refuses `03`).
    mutating func integerPart() -> Bool {
        if expect(UInt8(ascii: "0")) {
            guard let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return true }
            return false
        }
        return digits()
    }

    mutating func digits() -> Bool {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func skipWhitespaceThen(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return expect(byte)
    }

    mutating func expect(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }
}
