/// How a transition shows its target (or which screen it closes).
public enum TransitionStyle: String, Sendable, Equatable, CaseIterable {
    /// Push the target onto the current layer's stack.
    case push
    /// Open a modal layer with the target as its root.
    case present
    /// Close the top modal layer.
    case dismiss
    /// Remove the top screen, as `back` does.
    case pop
    /// Replace the top screen with the target.
    case replace
    /// Make the target the only screen.
    case root
    /// Go back to the target when it is open already with the same input (closing what is
    /// above it); push it otherwise. Keeps a cycle (operators → a list → operators …) from
    /// stacking copies.
    case popTo

    /// Whether a transition of this style needs a `to`.
    public var needsTarget: Bool {
        switch self {
        case .push, .present, .replace, .root, .popTo: return true
        case .dismiss, .pop: return false
        }
    }
}
