/// One argument of a ``Command``: its name for usage lines and the values Tab offers.
public struct CommandArgument: Sendable, Equatable {
    /// The name shown in usage (`CAR-ID`).
    public var name: String
    /// Whether the command runs without it.
    public var isOptional: Bool
    /// The values Tab completes for this argument (empty: free text).
    public var values: [String]

    /// Creates an argument.
    public init(_ name: String, optional: Bool = false, values: [String] = []) {
        self.name = name
        self.isOptional = optional
        self.values = values
    }

    /// How the argument appears in a usage line: `NAME` or `[NAME]`.
    public var usageToken: String {
        isOptional ? "[\(name)]" : name
    }
}
