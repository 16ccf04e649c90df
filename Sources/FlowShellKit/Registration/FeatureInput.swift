/// The data a feature is created from: the payload of the event that led to it.
public struct FeatureInput: Sendable, Equatable {
    /// The values, keyed by name.
    public var values: [String: String]

    /// An input holding `values` by the names a screen's `Input` type decodes them from (none by default).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value for `key`, or an error naming the missing key.
    public func require(_ key: String) throws -> String {
        guard let value = values[key] else {
            throw UserFacingError("missing input '\(key)'")
        }
        return value
    }

    /// The value for `key`, if present.
    public subscript(key: String) -> String? {
        values[key]
    }
}
