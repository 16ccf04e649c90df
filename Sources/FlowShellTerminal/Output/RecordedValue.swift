import FlowShellRuntime
import Foundation

/// One JSON value of a recording (`--record`), read and written with Codable: a replay
/// compares records as values, whatever their type, without knowing each record's shape.
package enum RecordedValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([RecordedValue])
    case object([String: RecordedValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([RecordedValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: RecordedValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value of `key`, when this is an object that has it.
    package subscript(key: String) -> RecordedValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string value.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number.
    package var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The object one line of a recording holds, or nil when it is not a JSON object.
    package static func object(inLine line: some StringProtocol) -> RecordedValue? {
        guard let value = try? JSONDecoder().decode(RecordedValue.self, from: Data(line.utf8)),
            case .object = value
        else { return nil }
        return value
    }

    /// The value as text in one form whatever the order of its keys: what a replay compares.
    package var normalised: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// A record as one line of a recording.
    package static func line(of record: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(record)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? ""
    }
}
