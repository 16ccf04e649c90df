/// A named flow that a transition or a guard can start, with its own root and transitions.
/// It ends when one of its screens emits an event listed in `finish` (the parent then receives
/// `<name>.<result>` with that event's payload) or when the user backs out of its root (the
/// parent receives `<name>.cancelled`).
public struct SubFlow: Sendable, Equatable {
    /// The result a flow reports when the user backs out of it.
    public static let cancelledResult = "cancelled"

    /// The flow's name.
    public var name: String
    /// The feature id of its first screen; its input is the starting event's payload.
    public var root: String
    /// Its transitions.
    public var transitions: [Transition]
    /// Events that end it, each with the result it reports.
    public var finish: [String: String]
    /// Where it is written.
    public var path: JSONPath

    /// The sub-flow `name`, starting at the screen `root`, whose events in `finish` end it with
    /// the result each names.
    public init(name: String, root: String, transitions: [Transition], finish: [String: String], path: JSONPath) {
        self.name = name
        self.root = root
        self.transitions = transitions
        self.finish = finish
        self.path = path
    }

    /// The event the parent receives for a result: `login.finished`.
    public func resultEvent(_ result: String) -> String {
        "\(name).\(result)"
    }

    /// Every result the parent can receive, cancelled included.
    public var results: [String] {
        Array(Set(finish.values).union([Self.cancelledResult])).sorted()
    }
}
