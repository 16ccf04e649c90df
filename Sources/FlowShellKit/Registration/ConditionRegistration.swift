/// A named condition a feature module provides for guards (`session`: someone is signed in).
/// A transition that `requires` it runs the guard's flow first when it does not hold.
public struct ConditionRegistration: Sendable {
    /// Whether the condition holds, read from the module's settings.
    public typealias Check = @MainActor @Sendable (any KeyValueStore) -> Bool

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
