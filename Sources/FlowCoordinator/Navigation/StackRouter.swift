import FlowShellKit

/// The ``Router``: a bottom layer of pushed screens and one layer per modal presentation.
/// It holds the screens it shows; removing one releases it unless someone else keeps it.
@MainActor
public final class StackRouter {
    /// The layers, bottom first; each a stack of screens, bottom first.
    public private(set) var layers: [[any HostedScreen]] = []

    /// Creates an empty router; ``setRoot(_:)`` gives it its first screen.
    public init() {}

    /// The screen on top of the top layer.
    public var top: (any HostedScreen)? { layers.last?.last }

    /// Pushes a screen onto the top layer.
    public func push(_ screen: any HostedScreen) {
        guard !layers.isEmpty else { return setRoot(screen) }
        layers[layers.count - 1].append(screen)
    }

    /// Removes the top screen of the top layer, unless it is the layer's only screen.
    public func pop() {
        guard let last = layers.indices.last, layers[last].count > 1 else { return }
        layers[last].removeLast()
    }

    /// Opens a modal layer with `screen` as its root.
    public func present(_ screen: any HostedScreen) {
        layers.append([screen])
    }

    /// Closes the top modal layer; the bottom layer stays.
    public func dismiss() {
        guard layers.count > 1 else { return }
        layers.removeLast()
    }

    /// Replaces the top screen of the top layer.
    public func replace(with screen: any HostedScreen) {
        guard let last = layers.indices.last, !layers[last].isEmpty else { return setRoot(screen) }
        layers[last][layers[last].count - 1] = screen
    }

    /// Makes `screen` the only screen.
    public func setRoot(_ screen: any HostedScreen) {
        layers = [[screen]]
    }

    /// Closes every modal layer and pops the bottom layer to its root.
    public func popToRoot() {
        guard let root = layers.first?.first else { return }
        layers = [[root]]
    }
}
