import FlowShellKit

/// One navigation, decided: keep the bottom `keep` screens, build and show `build` above them,
/// then do `then`. The executor builds every new screen before it changes anything, so a plan
/// that fails part way leaves the stack as it was.
public struct NavigationPlan: Equatable, Sendable {
    /// What follows once the plan is applied.
    public enum FollowUp: Equatable, Sendable {
        /// An event for the screen at this place (a sub-flow's result for the screen that started it).
        case event(FeatureEvent, to: Int)
        /// A guard's flow ended with this result.
        case guardFinished(PendingGuard, result: String)
    }

    /// How many screens stay, from the bottom.
    public var keep: Int
    /// The screens to build above them, bottom first.
    public var build: [NavigationEntry] = []
    /// A guard whose flow the last built screen starts.
    public var startsGuard: PendingGuard?
    /// What follows.
    public var then: FollowUp?
    /// What to tell the user.
    public var notices: [Notice] = []
    /// Why nothing changes, when nothing does.
    public var refusal: Notice?

    /// A plan: keep `keep` screens, build `build` above them, then `then`.
    public init(
        keep: Int, build: [NavigationEntry] = [], startsGuard: PendingGuard? = nil, then: FollowUp? = nil,
        notices: [Notice] = [], refusal: Notice? = nil
    ) {
        self.keep = keep
        self.build = build
        self.startsGuard = startsGuard
        self.then = then
        self.notices = notices
        self.refusal = refusal
    }

    /// A plan that changes nothing and says why.
    public static func refused(_ notice: Notice, keeping count: Int) -> NavigationPlan {
        NavigationPlan(keep: count, refusal: notice)
    }
}
