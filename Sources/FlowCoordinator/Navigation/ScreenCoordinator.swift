import FlowShellKit

/// The coordinator of one open screen: how it was shown and where it belongs. It owns the
/// coordinator of the screen shown on top of its own, so closing a screen releases the whole
/// chain above it.
@MainActor
public final class ScreenCoordinator {
    /// How a screen came to be shown, which decides what closing it means.
    public enum Presentation: Sendable, Equatable {
        /// The flow's first screen.
        case root
        /// Pushed onto the layer below it.
        case pushed
        /// The root of a modal layer.
        case presented
    }

    /// The feature id of the screen.
    public let featureID: String
    /// The screen this coordinator runs.
    public let screen: any HostedScreen
    /// The input the feature was built from.
    public let input: FeatureInput
    /// How the screen was shown.
    public let presentation: Presentation
    /// The sub-flow this screen belongs to; nil for the main flow.
    public let flow: String?
    /// Whether this screen is the first of a running sub-flow (backing out of it ends the flow).
    public let isFlowRoot: Bool
    /// The coordinator that started this one.
    public private(set) weak var parent: ScreenCoordinator?
    /// The coordinator of the screen shown on top of this one.
    public private(set) var child: ScreenCoordinator?

    init(
        featureID: String,
        screen: any HostedScreen,
        input: FeatureInput,
        presentation: Presentation,
        flow: String?,
        isFlowRoot: Bool
    ) {
        self.featureID = featureID
        self.screen = screen
        self.input = input
        self.presentation = presentation
        self.flow = flow
        self.isFlowRoot = isFlowRoot
    }

    /// Releases `child` when its screen closes.
    func release(_ child: ScreenCoordinator) {
        if child === self.child {
            self.child = nil
        }
    }

    /// Starts `coordinator` on top of this one.
    func start(_ coordinator: ScreenCoordinator) {
        coordinator.parent = self
        child = coordinator
    }

    /// Tells the parent this screen is finished, which releases it and everything above it.
    func finish() {
        parent?.release(self)
    }

    /// This coordinator and every one above it, bottom first.
    var chain: [ScreenCoordinator] {
        var chain = [self]
        while let next = chain.last?.child { chain.append(next) }
        return chain
    }
}
