import FlowShellKit

/// The Router role: the one value that holds the stack — the open screens, bottom first, each
/// presented one starting a modal layer — and the one operation the executor applies a plan
/// with: a number of screens kept from the bottom and the screens added above them. Push, pop,
/// present, dismiss and the rest are plans (``NavigationPlan``), worked out by the planner.
@MainActor
public final class Router {
    /// The open screens, bottom first.
    public private(set) var screens: [OpenScreen] = []
    /// The entries of the open screens, bottom first: the stack as a value. Kept beside the
    /// screens, so that a plan reads the stack without a copy of it.
    public private(set) var entries: [NavigationEntry] = []

    /// Creates an empty stack; ``keep(_:adding:)`` gives it its first screen.
    public init() {}

    /// The screen on top.
    public var top: OpenScreen? { screens.last }

    /// The layers, bottom first: the pushed screens of the bottom layer, then one per modal
    /// presentation with the screens pushed onto it.
    public var layers: [[OpenScreen]] {
        var layers: [[OpenScreen]] = []
        for screen in screens {
            if layers.isEmpty || screen.presentation == .presented {
                layers.append([screen])
            } else {
                layers[layers.count - 1].append(screen)
            }
        }
        return layers
    }

    /// Keeps the bottom `count` screens and puts `added` above them; returns the screens taken
    /// off, bottom first. It costs what changes, however deep the stack is.
    @discardableResult
    public func keep(_ count: Int, adding added: [OpenScreen] = []) -> [OpenScreen] {
        var removed: [OpenScreen] = []
        if count < screens.count {
            removed = Array(screens[count...])
            screens.removeSubrange(count...)
            entries.removeSubrange(count...)
        }
        screens.append(contentsOf: added)
        entries.append(contentsOf: added.lazy.map(\.entry))
        return removed
    }
}
