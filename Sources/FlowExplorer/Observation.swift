import FlowManifest

/// How a guard's requirement turned out on a step.
enum GuardOutcome: String, CaseIterable {
    /// The condition held: the transition went on at once.
    case met
    /// It did not: the guard's flow ran, finished, and the transition went on.
    case finished
    /// It did not: the guard's flow ran and was cancelled, and the stack is as it was.
    case cancelled
}

/// What one step showed about the flow: the parts of the config it covered, and what went wrong.
enum Observation: Equatable {
    /// A transition (main flow or sub-flow) was followed to the end.
    case transitionTaken(JSONPath)
    /// A requirement of a transition or a link (`site`) did not hold, and its guard's flow started.
    case guardStarted(site: JSONPath, condition: String)
    /// The flow of a guard started at `site` finished with a result (not cancelled): whether
    /// what needed the condition then went on is its ``guardOutcome(site:condition:_:)``.
    case guardFlowFinished(site: JSONPath, condition: String)
    /// A sub-flow that a transition starts (not a guard) started.
    case flowStarted(String)
    /// A requirement of a transition or a link (`site`) turned out so.
    case guardOutcome(site: JSONPath, condition: String, GuardOutcome)
    /// A link built its stack.
    case linkBuilt(JSONPath)
    /// A screen was shown.
    case screenReached(String)
    /// A sub-flow ended with this result, which reached its parent (or its guard).
    case flowResult(flow: String, result: String)
    /// Something a user would meet went wrong.
    case problem(Problem)
}

/// Something that went wrong on a step, before it is a finding (which adds the path).
struct Problem: Equatable {
    /// What kind of failure.
    var kind: FindingKind
    /// The config's part it concerns, when there is one.
    var place: JSONPath?
    /// What went wrong, in the shell's words.
    var message: String
}
