/// A named event a feature emits (`selected` with `carID: "42"`). The manifest says where it
/// leads; its payload becomes the target feature's input. Its encoding is
/// `{"name": "book", "payload": {"carID": "rio"}}`: a guard's interrupted step is saved with it.
public struct FeatureEvent: Sendable, Equatable, Codable {
    /// The event's name, as declared in the feature's registration.
    public var name: String
    /// The data the event carries, keyed by name.
    public var payload: [String: String]

    /// An event with its payload's values by key, as the flow routes it (in a test:
    /// `FeatureEvent("selected", payload: ["carID": "zoe"])`).
    public init(_ name: String, payload: [String: String] = [:]) {
        self.name = name
        self.payload = payload
    }
}
