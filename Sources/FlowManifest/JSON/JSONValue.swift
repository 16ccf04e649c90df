/// A parsed JSON value that remembers where it was written, so that every later complaint
/// about it can name the line and column.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null(SourceLocation)
    /// `true` or `false`.
    case bool(Bool, SourceLocation)
    /// A number, kept as written.
    case number(String, SourceLocation)
    /// A string.
    case string(String, SourceLocation)
    /// An array.
    case array([JSONValue], SourceLocation)
    /// An object: its members in the order written, each with the location of its key.
    case object([Member], SourceLocation)

    /// One `"key": value` member of an object.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// Where the key was written.
        public var keyLocation: SourceLocation
        /// The value.
        public var value: JSONValue
    }

    /// Where the value starts.
    public var location: SourceLocation {
        switch self {
        case .null(let location), .bool(_, let location), .number(_, let location),
            .string(_, let location), .array(_, let location), .object(_, let location):
            return location
        }
    }

    /// How many values this one holds, itself included.
    public var valueCount: Int {
        switch self {
        case .null, .bool, .number, .string: return 1
        case .array(let elements, _): return elements.reduce(1) { $0 + $1.valueCount }
        case .object(let members, _): return members.reduce(1) { $0 + $1.value.valueCount }
        }
    }

    /// The JSON type's name, for messages ("expected a string, found a number").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
