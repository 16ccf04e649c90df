import Foundation

/// What was wrong in a line a plugin sent, in the user's words: what it sent and the path of
/// the field (`result.view.components[2].text`) — never the decoder's own wording, which names
/// Swift's types (`Expected to decode Dictionary<String, Any> but found bool instead`).
enum AnswerProblem {
    /// `error`, thrown while decoding `data`, as a phrase that follows "answered 'open' wrongly: ".
    static func describe(_ error: any Error, in data: Data?) -> String {
        guard let error = error as? DecodingError else { return "the line is not a message of the protocol" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)) is \(found(at: context.codingPath, in: data)), where \(expected(type)) belongs"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) is null, where \(expected(type)) belongs"
        case .dataCorrupted(let context):
            // The protocol's own checks (an unknown component kind…) say what is wrong in lower
            // case; Foundation's sentences start with a capital and name Swift's types.
            if let first = context.debugDescription.first, first.isLowercase {
                return context.debugDescription + (context.codingPath.isEmpty ? "" : " at \(path(context.codingPath))")
            }
            guard !context.codingPath.isEmpty else { return "the line is not valid JSON" }
            return "\(field(context.codingPath)) is \(found(at: context.codingPath, in: data)), which is not a value it takes"
        @unknown default:
            return "the line is not a message of the protocol"
        }
    }

    /// The path of a field as it is written in JSON: `result.view.components[2]`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return keys.hasPrefix(".") ? String(keys.dropFirst()) : keys
    }

    private static func field(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the line" : path(codingPath)
    }

    /// What a field of `type` holds, in JSON's words.
    private static func expected(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type is any BinaryInteger.Type { return "a whole number" }
        if type is any BinaryFloatingPoint.Type { return "a number" }
        let name = String(describing: type)
        if name.hasPrefix("Array<") || name.hasPrefix("[") { return "an array" }
        return "an object"
    }

    /// What the line holds at `codingPath`, in JSON's words: `true`, `3`, a string, an array…
    private static func found(at codingPath: [any CodingKey], in data: Data?) -> String {
        guard let data, var value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return "something else" }
        for key in codingPath {
            switch value {
            case .array(let items) where key.intValue.map(items.indices.contains) == true: value = items[key.intValue ?? 0]
            case .object(let members) where members[key.stringValue] != nil: value = members[key.stringValue] ?? .null
            default: return "something else"
            }
        }
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? "the number \(Int(number))" : "the number \(number)"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Any JSON value, enough of it to say what it is.
    private enum JSONValue: Decodable {
        case null, bool(Bool), number(Double), string, array([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if (try? container.decode(String.self)) != nil {
                self = .string
            } else if let items = try? container.decode([JSONValue].self) {
                self = .array(items)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }
    }
}
