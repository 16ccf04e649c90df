import FlowShellKit

/// A one-pass reader of the JSON of a plugin's line, for what would otherwise have JSONDecoder
/// index the whole line: the envelope of any line (its `type`, `id` and `instance`), and the
/// components of a screen's answer. It builds nothing but what it returns, and returns nil for
/// anything it does not take as it is (the caller then asks JSONDecoder). What it reads with —
/// arrays, objects, strings, numbers as JSON writes them — is in PluginJSONReader+Grammar.swift.
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
        guard integerPart(), let byte = peek(), byte != UInt8(ascii: "."), byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") else {
            return nil
        }
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
        var columns: [Table.Column]?, rows: Table?, pairs: [KeyValue]?, rowCommands: Table.RowCommands??
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
            case "rowCommands": rowCommands = reader.rowCommands(); return rowCommands != nil
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
            table.rowCommands = rowCommands ?? nil
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
            columns.append(
                Table.Column(
                    title, alignment: alignment == "trailing" ? .trailing : .leading,
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

    /// A table's row commands, `null` as nil's place; nil when they are not as JSONDecoder
    /// takes them (a column below 0, a key twice).
    private mutating func rowCommands() -> Table.RowCommands?? {
        if literal("null") { return .some(nil) }
        var column: Int?, opens: String?, offers: [String]?
        var seen: Set<String> = []
        let read = object { reader, key in
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "column":
                guard let value = reader.optionalInteger() else { return false }
                column = value
                return value.map { $0 >= 0 } ?? true
            case "opens":
                if reader.literal("null") { return true }
                opens = reader.string()
                return opens != nil
            case "offers":
                if reader.literal("null") { return true }
                offers = reader.strings()
                return offers != nil
            default: return reader.skipValue()
            }
        }
        guard read else { return nil }
        return .some(Table.RowCommands(column: column ?? 0, opens: opens, offers: offers ?? []))
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
}
