/// What runs when a required condition does not hold: a sub-flow (signing in, say), shown with
/// `style`. When it finishes with any result but `cancelled` and the condition now holds, the
/// guarded transition continues with its original payload.
public struct GuardDefinition: Sendable, Equatable {
    /// The condition it guards.
    public var condition: String
    /// The sub-flow that can make the condition hold.
    public var flow: String
    /// How that flow is shown: `present` (default) or `push`.
    public var style: TransitionStyle
    /// Where it is written.
    public var path: JSONPath

    /// A guard that runs the sub-flow `flow`, shown in `style`, when a transition that requires
    /// `condition` finds it not holding; `path` is where it is written.
    public init(condition: String, flow: String, style: TransitionStyle, path: JSONPath) {
        self.condition = condition
        self.flow = flow
        self.style = style
        self.path = path
    }
}
