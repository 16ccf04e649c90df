import Foundation

/// One record of a ``RecordStore``: its key (unique in its collection), its group, and its value
/// as JSON.
public struct StoredRecord: Sendable, Equatable {
    /// Its key, unique in its collection (`BK-1002`).
    public var key: String
    /// The group it belongs to, which an update changes as one (`rio`, the car booked).
    public var group: String
    /// Its value, as JSON text.
    public var value: String

    /// A record of `value`, JSON text.
    public init(key: String, group: String, value: String) {
        self.key = key
        self.group = group
        self.value = value
    }

    /// A record of `value`, encoded as JSON (its keys sorted, so that an unchanged value is the
    /// same text).
    public init(key: String, group: String, encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.init(key: key, group: group, value: String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Its value decoded as `type`.
    public func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: Data(value.utf8))
    }
}
