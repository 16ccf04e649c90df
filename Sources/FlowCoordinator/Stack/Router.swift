import FlowShellKit

/// The Router role: the one value that holds the stack — the open screens, bottom first, each
/// presented one starting a modal layer — and the operations on it. Every change is a number
/// of screens kept from the bottom and the screens added above them, so a change costs what
/// it changes.
@MainActor
public final class Router {
    /// The open screens, bottom first.
    public private(set) var screens: [OpenScreen] = []

    /// Creates an empty stack; ``setRoot(_:)`` gives it its first screen.
    public init() {}

    /// The screen on top.
    public var top: OpenScreen? { screens.last }

    /// The entries of the open screens, bottom first: the stack as a value.
    public var entries: [NavigationEntry] { screens.map(\.entry) }

    /// The layers, bottom first: the pushed screens of the bottom layer, then one per modal
    /// presentation with the screens pushed onto it.
    public var layers: [[OpenScreen]] {
        var layers: [[OpenScreen]] = []
        for screen in screens {
            if layers.isEmpty || screen.presentation == .presented { layers.append([screen]) } else { layers[layers.count - 1].append(screen) }
        }
        return layers
    }

    /// Keeps the bottom `count` screens and puts `added` above them.
    public func keep(_ count: Int, adding added: [OpenScreen] = []) {
        if count < screens.count { screens.removeSubrange(count...) }
        screens.append(contentsOf: added)
    }

    /// Pushes a screen onto the top layer.
    public func push(_ screen: OpenScreen) { keep(screens.count, adding: [screen]) }
    /// Opens a modal layer with `screen` as its root.
    public func present(_ screen: OpenScreen) { keep(screens.count, adding: [screen]) }
    /// Removes the top screen of the top layer; a layer's only screen stays (dismiss it).
    public func pop() {
        if top?.presentation == .pushed { keep(screens.count - 1) }
    }
    /// Closes the top modal layer; the bottom layer stays.
    public func dismiss() {
        if let layerRoot = screens.lastIndex(where: { $0.presentation == .presented }) { keep(layerRoot) }
    }
    /// Replaces the top screen.
    public func replace(with screen: OpenScreen) { keep(max(0, screens.count - 1), adding: [screen]) }
    /// Makes `screen` the only screen.
    public func setRoot(_ screen: OpenScreen) { keep(0, adding: [screen]) }
    /// Closes every screen above the first.
    public func popToRoot() { keep(min(1, screens.count)) }
}
