/// A screen's typed input or an event's typed payload: a flat `Codable` struct of strings,
/// numbers and flags. Its property names are the keys that the manifest routes from payloads
/// to inputs; they are read from the type itself, never written again.
///
/// ```swift
/// struct CarReference: ScreenValue { var carID: String }
/// ```
public protocol ScreenValue: Codable, Equatable, Sendable {}

extension ScreenValue {
    /// The keys this type reads, with whether each may be absent (an optional property).
    package static var declaredKeys: [(name: String, optional: Bool)] {
        let recording = FlatValueDecoder.Recording()
        _ = try? Self(from: FlatValueDecoder(values: [:], recording: recording))
        return recording.keys
    }

    /// The keys this type cannot be made without.
    package static var requiredKeys: [String] {
        declaredKeys.filter { !$0.optional }.map(\.name)
    }

    /// Every key this type carries, optional ones too.
    package static var keys: [String] {
        declaredKeys.map(\.name)
    }

    /// The value read from a string map, or a ``UserFacingError`` naming the missing or malformed key.
    public init(values: [String: String]) throws {
        do {
            try self.init(from: FlatValueDecoder(values: values))
        } catch let error as FlatValueError {
            throw UserFacingError(error.message)
        }
    }

    /// This value as the string map that travels between screens.
    public var values: [String: String] {
        FlatValueEncoder.values(of: self)
    }
}

/// The input of a screen that needs none, and the payload of an event that carries none.
public struct Nothing: ScreenValue {
    /// The one value, which carries nothing.
    public init() {}
}
