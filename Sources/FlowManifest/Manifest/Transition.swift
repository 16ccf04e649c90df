/// One edge of the flow: on event `on` from screen `from` (or `*`, any screen) — or, for an entry
/// point the config adds, on the command `command` typed there — show `to` with `style`, start the
/// sub-flow `flow`, or close the top screen or layer. `requires` names the conditions that must
/// hold first (their guards' flows run when they do not).
public struct Transition: Sendable, Equatable {
    /// `from` value that matches every screen.
    public static let anyScreen = "*"

    /// The feature id the event comes from, or `*`.
    public var from: String
    /// The event's name; for a config command, the command's name.
    public var on: String
    /// Whether this edge is a command the config adds to `from` (typed by the user) rather than
    /// an event the screen emits.
    public var isCommand: Bool
    /// What a config command does, for `help`.
    public var summary: String?
    /// The feature id to show; nil for `dismiss`, `pop` and sub-flow starts.
    public var to: String?
    /// The sub-flow to start instead of a single screen.
    public var flow: String?
    /// How the target is shown.
    public var style: TransitionStyle
    /// Conditions that must hold before the transition runs.
    public var requires: [String]
    /// Where the transition is written in the manifest.
    public var path: JSONPath

    /// A transition from the screen `from` on its event `on` to the screen `to`, shown in `style`, or
    /// (with `to` nil) to the sub-flow `flow` or a close; `isCommand` marks one the config adds as a command of
    /// `from`, with `summary` as its help.
    public init(
        from: String, on: String, to: String?, flow: String? = nil, style: TransitionStyle,
        requires: [String] = [], isCommand: Bool = false, summary: String? = nil, path: JSONPath
    ) {
        self.from = from
        self.on = on
        self.isCommand = isCommand
        self.summary = summary
        self.to = to
        self.flow = flow
        self.style = style
        self.requires = requires
        self.path = path
    }

    /// A transition of the main flow, at `transitions[index]`.
    public init(from: String, on: String, to: String?, style: TransitionStyle, index: Int) {
        self.init(from: from, on: on, to: to, style: style, path: JSONPath.root.appending("transitions").appending(index))
    }
}
