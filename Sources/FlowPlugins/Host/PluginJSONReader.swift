import FlowShellKit

/// A one-pass reader of the JSON of a plugin's line, for what would otherwise have JSONDecoder
/// index the whole line: the envelope of any line (its `type`, `id` and `instance`), and the
/// components of a screen's answer. It builds nothing but what it returns, and returns nil for
/// anything it does not take as it is (the caller then asks JSONDecoder).
struct PluginJSONReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: - The envelope

    /// The line's `type`, `id` and `instance`, read from its top level; nil when the line is not
    /// an object, a member appears twice, or one of these is not as the protocol writes it.
    mutating func envelope() -> (type: String, id: Int?, instance: Int?)? {
        guard enterObject() else { return nil }
        var type: String?, id: Int?, instance: Int?
        var seen: Set<String> = []
        if peek() == UInt8(ascii: "}") { return nil }
        while true {
            skipWhitespace()
            guard let key = string(), skipWhitespaceThen(UInt8(ascii: ":")), seen.insert(key).inserted else { return nil }
            skipWhitespace()
            switch key {
            case "type": guard let value = string() else { return nil }; type = value
            case "id": guard let value = optionalInteger() else { return nil }; id = value
            case "instance": guard let value = optionalInteger() else { return nil }; instance = value
            default: guard skipValue() else { return nil }
            }
            skipWhitespace()
            guard let next = next() else { return nil }
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { return nil }
        }
        skipWhitespace()
        guard index == bytes.count, let type else { return nil }
        return (type, id, instance)
    }

    // MARK: - An update without events

    /// The `instance` of an `update` line whose `events` are absent, `null` or `[]` — an update
    /// that only changes a view — read from its top level; nil for any other line, and for
    /// anything this reader does not take as it is (`type`, `instance` or `events` twice, an
    /// escape it does not know). Other members are skipped with their brackets balanced, not
    /// checked further, and without recursing: a line nested too deep (which the caller checks
    /// for after) cannot exhaust the stack. It stops at the first member that rules the line
    /// out, so that a large answer is not read through to learn that it is not an update.
    mutating func eventlessUpdateInstance() -> Int? {
        guard enterObject(), peek() != UInt8(ascii: "}") else { return nil }
        var isUpdate = false, instance: Int?, events = false
        while true {
            skipWhitespace()
            // Keys and the type are compared as bytes, not made into strings.
            guard let key = stringBytes(), skipWhitespaceThen(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            switch key {
            case Self.typeKey:
                guard !isUpdate, stringBytes() == Self.updateValue else { return nil }
                isUpdate = true
            case Self.instanceKey:
                guard instance == nil, let value = optionalInteger(), let value else { return nil }
                instance = value
            case Self.eventsKey:
                guard !events, literal("null") || (expect(UInt8(ascii: "[")) && skipWhitespaceThen(UInt8(ascii: "]"))) else { return nil }
                events = true
            default:
                guard skipFlat() else { return nil }
            }
            skipWhitespace()
            guard let next = next() else { return nil }
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { return nil }
        }
        skipWhitespace()
        guard index == bytes.count, isUpdate else { return nil }
        return instance
    }

    private static let typeKey = Array("type".utf8)
    private static let instanceKey = Array("instance".utf8)
    private static let eventsKey = Array("events".utf8)
    private static let updateValue = Array("update".utf8)

    /// Skips one value without recursing: a string, a literal or number, or an array or object
    /// to its matching bracket (strings inside skipped whole). Only the brackets' balance is
    /// checked inside; the line is decoded in full before anything of it is used.
    private mutating func skipFlat() -> Bool {
        guard let first = peek() else { return false }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return skipValue() }
        var depth = 0
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                guard skipString() else { return false }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return true
                }
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// An integer without fraction or exponent, or `null` (as nil in `.some(nil)`).
    private mutating func optionalInteger() -> Int?? {
        if literal("null") { return .some(nil) }
        let start = index
        _ = expect(UInt8(ascii: "-"))
        guard integerPart(), let byte = peek(), byte != UInt8(ascii: "."), byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") else { return nil }
        guard let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
        return .some(value)
    }

    // MARK: - Finding the components

    /// The byte range of `result.view.components`, an array; nil when there is none or a key on
    /// the way appears twice.
    mutating func componentsRange() -> Range<Int>? {
        guard enterObject(), let result = valueRange(ofKey: "result") else { return nil }
        index = result.lowerBound
        guard enterObject(), let view = valueRange(ofKey: "view") else { return nil }
        index = view.lowerBound
        guard enterObject(), let components = valueRange(ofKey: "components") else { return nil }
        guard bytes[components.lowerBound] == UInt8(ascii: "[") else { return nil }
        return components
    }

    /// Reads the members of the object just entered; the range of `key`'s value if it appears
    /// exactly once.
    private mutating func valueRange(ofKey key: String) -> Range<Int>? {
        var found: Range<Int>?
        let wanted = Array(key.utf8)
        if peek() == UInt8(ascii: "}") { return nil }
        while true {
            skipWhitespace()
            guard let name = stringBytes(), skipWhitespaceThen(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            let start = index
            guard skipValue() else { return nil }
            if name == wanted {
                if found != nil { return nil }
                found = start..<index
            }
            skipWhitespace()
            guard let next = next() else { return nil }
            if next == UInt8(ascii: "}") { return found }
            guard next == UInt8(ascii: ",") else { return nil }
        }
    }

    // MARK: - Components

    /// The components of the array at `range`.
    mutating func components(in range: Range<Int>) -> [Component]? {
        index = range.lowerBound
        var components: [Component] = []
        let read = array { reader in
            guard let component = reader.component() else { return false }
            components.append(component)
            return true
        }
        return read ? components : nil
    }

    private mutating func component() -> Component? {
        var kind: String?, text: String?, items: [String]?, numbered: Bool?, style: String?
        var columns: [Table.Column]?, rows: Table?, pairs: [KeyValue]?
        var seen: Set<String> = []
        let read = object { reader, key in
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "kind": kind = reader.string(); return kind != nil
            case "text": text = reader.string(); return text != nil
            case "style": style = reader.string(); return style != nil
            case "items": items = reader.strings(); return items != nil
            case "numbered":
                guard let flag = reader.optionalBool() else { return false }
                numbered = flag
                return true
            case "columns": columns = reader.columns(); return columns != nil
            case "rows": rows = reader.rows(); return rows != nil
            case "pairs": pairs = reader.pairs(); return pairs != nil
            default: return reader.skipValue()
            }
        }
        guard read, let kind else { return nil }
        switch kind {
        case "heading": return text.map { .heading($0) }
        case "text": return text.map { .text($0) }
        case "list": return items.map { .list($0, numbered: numbered ?? false) }
        case "table":
            guard let columns, var table = rows else { return nil }
            table.columns = columns
            return .table(table)
        case "keyValue": return pairs.map { .keyValue($0) }
        case "message":
            guard let style = style.flatMap(MessageStyle.init(rawValue:)), let text else { return nil }
            return .message(style, text)
        case "divider": return .divider
        default: return nil
        }
    }

    private mutating func columns() -> [Table.Column]? {
        var columns: [Table.Column] = []
        let read = array { reader in
            var title: String?, alignment: String?, shrinksFirst: Bool?, keepsWidth: Bool?
            var seen: Set<String> = []
            let read = reader.object { reader, key in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "title": title = reader.string(); return title != nil
                case "alignment":
                    if reader.literal("null") { return true }
                    alignment = reader.string()
                    return alignment != nil
                case "shrinksFirst": shrinksFirst = reader.optionalBool(); return shrinksFirst != nil
                case "keepsWidth": keepsWidth = reader.optionalBool(); return keepsWidth != nil
                default: return reader.skipValue()
                }
            }
            guard read, let title else { return false }
            columns.append(Table.Column(title, alignment: alignment == "trailing" ? .trailing : .leading,
                                        shrinksFirst: shrinksFirst ?? false, keepsWidth: keepsWidth ?? false))
            return true
        }
        return read ? columns : nil
    }

    /// A table's rows, as a table with no columns yet (the columns may come after them). Its
    /// rows and cells are counted first, so that its storage is made once at its size rather
    /// than grown, which would hold it twice over while it is copied.
    private mutating func rows() -> Table? {
        var table = Table(columns: [])
        let size = count()
        table.reserveCapacity(rows: size.elements, cells: size.innerElements)
        var row: [String] = []
        let read = array { reader in
            row.removeAll(keepingCapacity: true)
            guard reader.strings(into: &row) else { return false }
            table.append(row: row)
            return true
        }
        return read ? table : nil
    }

    private mutating func pairs() -> [KeyValue]? {
        var pairs: [KeyValue] = []
        let read = array { reader in
            var key: String?, value: String?
            var seen: Set<String> = []
            let read = reader.object { reader, name in
                guard seen.insert(name).inserted else { return false }
                switch name {
                case "key": key = reader.string(); return key != nil
                case "value": value = reader.string(); return value != nil
                default: return reader.skipValue()
                }
            }
            guard read, let key, let value else { return false }
            pairs.append(KeyValue(key, value))
            return true
        }
        return read ? pairs : nil
    }

    private mutating func strings() -> [String]? {
        var strings: [String] = []
        return self.strings(into: &strings) ? strings : nil
    }

    /// Appends the strings of the array here to `strings`.
    private mutating func strings(into strings: inout [String]) -> Bool {
        array { reader in
            guard let string = reader.string() else { return false }
            strings.append(string)
            return true
        }
    }

    // MARK: - JSON

    /// `[` element, … `]`, each element read by `element`.
    private mutating func array(_ element: (inout PluginJSONReader) -> Bool) -> Bool {
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
    private mutating func count() -> (elements: Int, innerElements: Int) {
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
    private mutating func object(_ member: (inout PluginJSONReader, String) -> Bool) -> Bool {
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

    private mutating func enterObject() -> Bool {
        skipWhitespace()
        guard expect(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        return true
    }

    /// `true`, `false`, or `null` (nil's place: false, as an absent flag).
    private mutating func optionalBool() -> Bool? {
        skipWhitespace()
        if literal("true") { return true }
        if literal("false") || literal("null") { return false }
        return nil
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A string, with its escapes; nil for anything JSONDecoder might read otherwise.
    private mutating func string() -> String? {
        guard let utf8 = stringBytes() else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    /// A string's UTF-8 bytes (not yet checked to be UTF-8).
    private mutating func stringBytes() -> [UInt8]? {
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
                              UTF16.isTrailSurrogate(trail) else { return nil }
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
    private mutating func skipString() -> Bool {
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

    private mutating func hexUnit() -> UInt16? {
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
    private mutating func skipValue() -> Bool {
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
    private mutating func number() -> Bool {
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
    private mutating func integerPart() -> Bool {
        if expect(UInt8(ascii: "0")) {
            guard let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return true }
            return false
        }
        return digits()
    }

    private mutating func digits() -> Bool {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func skipWhitespaceThen(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return expect(byte)
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }
}
