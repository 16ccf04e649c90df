/// Decodes a typed input or payload (a flat `Decodable` struct of strings, numbers and flags)
/// from the string map that travels between screens, and, in recording mode, lists the keys a
/// type reads without any values at all: that is how a screen's declared input and payload
/// keys are derived from its types, so that no key is written twice.
///
/// Hand-written, as no library decoder reads this shape: every value is a string (a number or a
/// flag as its text), and the recording pass lists the keys a type reads with no values at all.
struct FlatValueDecoder: Decoder {
    /// What a recording pass saw: every key read, and whether it may be absent.
    final class Recording {
        var keys: [(name: String, optional: Bool)] = []
    }

    let values: [String: String]
    let recording: Recording?
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(values: [String: String], recording: Recording? = nil) {
        self.values = values
        self.recording = recording
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw FlatValueError.notFlat(codingPath.map(\.stringValue).joined(separator: "."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw FlatValueError.notFlat(codingPath.map(\.stringValue).joined(separator: "."))
    }

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FlatValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { decoder.values.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool {
            decoder.recording != nil || decoder.values[key.stringValue] != nil
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if let recording = decoder.recording {
                recording.keys.append((key.stringValue, true))
                return true
            }
            return decoder.values[key.stringValue] == nil
        }

        private func text(_ key: Key) throws -> String {
            if let recording = decoder.recording {
                recording.keys.append((key.stringValue, false))
                return ""
            }
            guard let text = decoder.values[key.stringValue] else { throw FlatValueError.missing(key.stringValue) }
            return text
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String { try text(key) }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            let text = try text(key)
            if decoder.recording != nil { return false }
            guard let value = Bool(text) else { throw FlatValueError.malformed(key.stringValue, text, "true or false") }
            return value
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            let text = try text(key)
            if decoder.recording != nil { return 0 }
            guard let value = Int(text) else { throw FlatValueError.malformed(key.stringValue, text, "a whole number") }
            return value
        }

        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            let text = try text(key)
            if decoder.recording != nil { return 0 }
            guard let value = Double(text) else { throw FlatValueError.malformed(key.stringValue, text, "a number") }
            return value
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            // A string-backed enum and other single values are read from the key's text.
            if let convertible = type as? any LosslessStringConvertible.Type {
                let text = try text(key)
                if decoder.recording != nil, let placeholder = convertible.init("") as? T { return placeholder }
                guard let value = convertible.init(text) as? T else {
                    throw FlatValueError.malformed(key.stringValue, text, "a \(type)")
                }
                return value
            }
            throw FlatValueError.notFlat(key.stringValue)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            throw FlatValueError.notFlat(key.stringValue)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw FlatValueError.notFlat(key.stringValue)
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }
}

/// Why a flat value map does not fit a type.
enum FlatValueError: Error, Equatable {
    /// A required key is absent.
    case missing(String)
    /// A key's text is not of the declared kind.
    case malformed(String, String, String)
    /// The type is not a flat struct of strings, numbers and flags.
    case notFlat(String)

    var message: String {
        switch self {
        case .missing(let key): return "missing input '\(key)'"
        case .malformed(let key, let text, let kind): return "input '\(key)' must be \(kind), not '\(text)'"
        case .notFlat(let key): return "'\(key)' is not a flat value (strings, numbers and flags only)"
        }
    }
}
