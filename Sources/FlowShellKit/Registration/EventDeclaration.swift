/// An event a feature can emit, with the payload keys it always carries. Declared in the
/// registration so that the whole flow can be checked before it runs.
public struct EventDeclaration: Sendable, Equatable {
    /// The event's name.
    public var name: String
    /// The keys its payload always carries.
    public var payloadKeys: [String]
    /// What the event means, for diagnostics and documentation.
    public var summary: String

    /// An event as a registration lists it. A ``Screen``'s are derived from its `Events`; this
    /// is for screens described at run time (a plugin's).
    public init(_ name: String, payload payloadKeys: [String] = [], summary: String = "") {
        self.name = name
        self.payloadKeys = payloadKeys
        self.summary = summary
    }
}
