/// Encodes a typed payload (a flat `Encodable` struct) into the string map that travels between
/// screens. See ``FlatValueDecoder`` for why this is hand-written.
final class FlatValueEncoder: Encoder {
    private(set) var values: [String: String] = [:]
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    /// The string map of `value`.
    static func values(of value: some Encodable) -> [String: String] {
        let encoder = FlatValueEncoder()
        // A flat struct of strings and numbers cannot fail to encode; a nested one loses its nesting.
        try? value.encode(to: encoder)
        return encoder.values
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        IgnoredContainer(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        IgnoredContainer(codingPath: codingPath)
    }

    fileprivate func set(_ text: String, for key: String) {
        values[key] = text
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FlatValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode(_ value: String, forKey key: Key) throws { encoder.set(value, for: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.set(String(value), for: key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) throws { encoder.set(String(value), for: key.stringValue) }
        mutating func encode(_ value: Double, forKey key: Key) throws { encoder.set(String(value), for: key.stringValue) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            if let text = value as? any LosslessStringConvertible {
                encoder.set(text.description, for: key.stringValue)
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: FlatValueEncoder()))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            IgnoredContainer(codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    /// Where values that are not flat go: nowhere.
    struct IgnoredContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [any CodingKey]
        var count = 0
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: FlatValueEncoder()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { FlatValueEncoder() }
    }
}
