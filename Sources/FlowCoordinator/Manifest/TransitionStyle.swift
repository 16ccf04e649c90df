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

    /// Whether a transition of this style needs a `to`.
    public var needsTarget: Bool {
        switch self {
        case .push, .present, .replace, .root: return true
        case .dismiss, .pop: return false
        }
    }
}
