/// The JSON form of a component: `{"kind": "table", "columns": …, "rows": …}`.
extension Component: Codable {
    private enum Keys: String, CodingKey {
        case kind, text, items, numbered, columns, rows, pairs, style, rowCommands
    }

    private struct Pair: Codable {
        let key: String
        let value: String
    }

    /// Encodes the component with its `kind`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .heading(let text):
            try container.encode("heading", forKey: .kind)
            try container.encode(text, forKey: .text)
        case .text(let text):
            try container.encode("text", forKey: .kind)
            try container.encode(text, forKey: .text)
        case .list(let items, let numbered):
            try container.encode("list", forKey: .kind)
            try container.encode(items, forKey: .items)
            try container.encode(numbered, forKey: .numbered)
        case .table(let table):
            try container.encode("table", forKey: .kind)
            try container.encode(table.columns, forKey: .columns)
            try container.encode(table.rows, forKey: .rows)
            try container.encodeIfPresent(table.rowCommands, forKey: .rowCommands)
        case .keyValue(let pairs):
            try container.encode("keyValue", forKey: .kind)
            try container.encode(pairs.map { Pair(key: $0.key, value: $0.value) }, forKey: .pairs)
        case .message(let style, let text):
            try container.encode("message", forKey: .kind)
            try container.encode(style.rawValue, forKey: .style)
            try container.encode(text, forKey: .text)
        case .divider:
            try container.encode("divider", forKey: .kind)
        }
    }

    /// Decodes a component by its `kind`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "heading": self = .heading(try container.decode(String.self, forKey: .text))
        case "text": self = .text(try container.decode(String.self, forKey: .text))
        case "list":
            self = .list(
                try container.decode([String].self, forKey: .items),
                numbered: try container.decodeIfPresent(Bool.self, forKey: .numbered) ?? false)
        case "table":
            var table = Table(
                columns: try container.decode([Table.Column].self, forKey: .columns),
                rows: try container.decode([[String]].self, forKey: .rows))
            table.rowCommands = try container.decodeIfPresent(Table.RowCommands.self, forKey: .rowCommands)
            self = .table(table)
        case "keyValue":
            self = .keyValue(try container.decode([Pair].self, forKey: .pairs).map { KeyValue($0.key, $0.value) })
        case "message":
            let style = try container.decode(String.self, forKey: .style)
            guard let messageStyle = MessageStyle(rawValue: style) else {
                throw DecodingError.dataCorruptedError(forKey: .style, in: container, debugDescription: "unknown message style '\(style)'")
            }
            self = .message(messageStyle, try container.decode(String.self, forKey: .text))
        case "divider": self = .divider
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown component kind '\(kind)'")
        }
    }
}

extension Table.Column: Codable {
    private enum Keys: String, CodingKey {
        case title, alignment, shrinksFirst, keepsWidth
    }

    /// Encodes the column: `title`, `alignment` (`leading` or `trailing`), `shrinksFirst`, `keepsWidth`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(title, forKey: .title)
        try container.encode(alignment == .trailing ? "trailing" : "leading", forKey: .alignment)
        try container.encode(shrinksFirst, forKey: .shrinksFirst)
        try container.encode(keepsWidth, forKey: .keepsWidth)
    }

    /// Decodes a column; absent fields take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            try container.decode(String.self, forKey: .title),
            alignment: try container.decodeIfPresent(String.self, forKey: .alignment) == "trailing" ? .trailing : .leading,
            shrinksFirst: try container.decodeIfPresent(Bool.self, forKey: .shrinksFirst) ?? false,
            keepsWidth: try container.decodeIfPresent(Bool.self, forKey: .keepsWidth) ?? false)
    }
}

extension Table.RowCommands: Codable {
    private enum Keys: String, CodingKey {
        case column, opens, offers
    }

    /// Encodes `column`, and `opens` and `offers` when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(column, forKey: .column)
        try container.encodeIfPresent(opens, forKey: .opens)
        if !offers.isEmpty { try container.encode(offers, forKey: .offers) }
    }

    /// Decodes the row commands; `column` is 0 and `offers` empty when absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let column = try container.decodeIfPresent(Int.self, forKey: .column) ?? 0
        guard column >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .column, in: container, debugDescription: "a column is counted from 0, not \(column)")
        }
        self.init(
            column: column, opens: try container.decodeIfPresent(String.self, forKey: .opens),
            offers: try container.decodeIfPresent([String].self, forKey: .offers) ?? [])
    }
}
