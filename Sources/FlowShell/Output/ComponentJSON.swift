import FlowShellKit

/// A component as the machine interface writes it: `{"kind": "table", ...}`.
struct ComponentJSON: Encodable {
    let component: Component

    init(_ component: Component) {
        self.component = component
    }

    private enum Keys: String, CodingKey {
        case kind, text, items, numbered, columns, rows, pairs, style
    }

    private struct Column: Encodable {
        let title: String
        let alignment: String
        let shrinksFirst: Bool
        let keepsWidth: Bool
    }

    private struct Pair: Encodable {
        let key: String
        let value: String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch component {
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
            try container.encode(table.columns.map {
                Column(title: $0.title, alignment: $0.alignment == .trailing ? "trailing" : "leading", shrinksFirst: $0.shrinksFirst, keepsWidth: $0.keepsWidth)
            }, forKey: .columns)
            try container.encode(table.rows, forKey: .rows)
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
}
