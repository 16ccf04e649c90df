import FlowCoordinator

/// What the explorer tells one place of the flow from another: the open screens (with their
/// inputs, presentations and sub-flows), which conditions hold, and which guards wait for their
/// flows and what each will resume. Two paths that reach the same state are one: the shorter
/// is kept.
struct ExplorerState: Hashable {
    /// The open screens, bottom first.
    var stack: [NavigationEntry]
    /// The conditions that hold, sorted.
    var holding: [String]
    /// The guards whose flows run.
    var guards: [WaitingGuard]

    /// A guard whose flow runs: where the flow starts in the stack, the condition it is to make
    /// hold, and what it resumes then (described the same in every process).
    struct WaitingGuard: Hashable {
        var index: Int
        var condition: String
        var resume: String
    }

    /// Whether the top screen is open below it too: the path went round a loop (`operators`,
    /// `choose`, then `operators` again), and what lies beyond was explored where it first opened.
    var topRepeatsBelow: Bool {
        guard let top = stack.last else { return false }
        return stack.dropLast().contains { $0.screen == top.screen }
    }
}
