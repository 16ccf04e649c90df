import FlowShellKit

/// One navigation as the coordinator carried it out: what was asked, the stack it was planned
/// from, the plan, how applying it went and the stack it left. Whoever watches the flow
/// (``AppFlowCoordinator/observeNavigation``) sees one for every intent, nested ones included —
/// a guard's flow that finished is told before the navigation it resumes.
public struct NavigationTrace: Sendable {
    /// How applying a plan went.
    public enum Outcome: Equatable, Sendable {
        /// The stack is as the plan says.
        case applied
        /// The planner refused: nothing changed, and the notice says why.
        case refused(Notice)
        /// A screen the plan needed could not be built (its id): nothing changed.
        case failed(screen: String, Notice)
    }

    /// What was asked.
    public let intent: NavigationIntent
    /// The stack it was planned from.
    public let before: [NavigationEntry]
    /// What the planner decided.
    public let plan: NavigationPlan
    /// How applying it went.
    public let outcome: Outcome
    /// The stack it left.
    public let after: [NavigationEntry]
    /// What a screen shown again said when it could not look again at what it shows.
    public let appearFailure: Notice?
}
