import FlowShellKit

/// What someone asks of the navigation: the planner turns it into a ``NavigationPlan``. A
/// guard's interrupted intent is saved with where the user was (its encoding:
/// `NavigationIntent+Codable.swift`).
public enum NavigationIntent: Equatable, Sendable {
    /// A screen emitted an event; `from` is its place in the stack.
    case event(FeatureEvent, from: Int)
    /// A command the config adds to the screen at `from` was typed.
    case command(String, from: Int)
    /// `back`: close the top screen.
    case back
    /// `home`: close every screen above the first.
    case home
    /// A deep link, its parameters looked up already.
    case link(LinkTarget)
}

/// A deep link resolved to the screens it opens, bottom first, each with its input. Its encoding
/// is its fields by name: `{"text": "/bookings", "screens": [...], "inputs": [{}, {}], "requires": []}`.
public struct LinkTarget: Equatable, Sendable, Codable {
    /// What was typed (`/cars/rio`).
    public var text: String
    /// The screens, bottom first.
    public var screens: [String]
    /// Their inputs.
    public var inputs: [[String: String]]
    /// Conditions the link needs first.
    public var requires: [String]

    /// The link `text` resolved to `screens` with their `inputs`, bottom first, which needs the
    /// conditions `requires` first.
    public init(text: String, screens: [String], inputs: [[String: String]], requires: [String]) {
        self.text = text
        self.screens = screens
        self.inputs = inputs
        self.requires = requires
    }
}

/// A guard's flow that is running: when it finishes with the condition holding, the intent it
/// interrupted is planned again; when it is cancelled, nothing changes.
///
/// It is part of where the user was (``NavigationSnapshot/pendingGuards``), encoded as its fields
/// by name — `{"index": 2, "condition": "session", "origin": 2, "resume": {"kind": "event", …}}`
/// — and re-established by a restore only when the interrupted step, planned again, would open
/// this very guard (``NavigationPlanner/restorable(_:guards:holds:)``).
public struct PendingGuard: Equatable, Sendable, Codable {
    /// Where the guard's flow starts in the stack (its first screen's place, the root being 0).
    public var index: Int
    /// The condition it should make hold.
    public var condition: String
    /// What was waiting for it.
    public var resume: NavigationIntent
    /// How many screens stay when the flow is cancelled: those below the navigation that
    /// started it. A link's screens built below the guard's flow (so that it opens in their
    /// context) close with it.
    public var origin: Int

    /// The guard whose flow starts at `index` in the stack to make `condition` hold, after which
    /// `resume` goes on; cancelling it keeps `origin` screens (nil: those below its flow).
    public init(index: Int, condition: String, resume: NavigationIntent, origin: Int? = nil) {
        self.index = index
        self.condition = condition
        self.resume = resume
        self.origin = origin ?? index
    }
}
