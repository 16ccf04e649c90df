/// A named condition a feature module provides for guards (`session`: someone is signed in).
/// A transition that `requires` it runs the guard's flow first when it does not hold.
///
/// A condition is checked asynchronously, before the planner runs: a linked module may look it
/// up in a service, and a plugin's is asked of the plugin within its deadline. A check that
/// throws counts as not holding, and its error is shown to the user.
public struct ConditionRegistration: Sendable {
    /// Whether the condition holds in a session, given what a screen of the module is built
    /// with there — the module's settings and the session's services (who connected among
    /// them); throws when it cannot be told.
    public typealias Check = @MainActor @Sendable (ScreenContext) async throws -> Bool

    /// The name manifests use in `requires` and `guards`.
    public var name: String
    /// What the condition is called for people, as in "sign-in is needed first".
    public var summary: String
    /// Whether it holds now.
    public var isSatisfied: Check

    /// A condition named `name` in `requires` and `guards`; `summary` names it for people
    /// (`sign-in`, in "sign-in is needed first").
    public init(_ name: String, summary: String = "", isSatisfied: @escaping Check) {
        self.name = name
        self.summary = summary
        self.isSatisfied = isSatisfied
    }
}
