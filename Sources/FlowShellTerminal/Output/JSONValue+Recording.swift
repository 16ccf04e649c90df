import FlowShellRuntime
import Foundation

/// A recording (`--record`) in JSON values: a replay compares records as values, whatever their
/// type, without knowing each record's shape.
extension JSONValue {
    /// The object one line of a recording holds, or nil when it is not a JSON object.
    package static func object(inLine line: some StringProtocol) -> JSONValue? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)),
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
