import FlowShellKit

/// An entry of the stack with the screen built for it.
@MainActor
public struct OpenScreen {
    /// What the stack records of it.
    public let entry: NavigationEntry
    /// The built screen.
    public let screen: any HostedScreen

    /// Pairs an entry with its built screen.
    public init(entry: NavigationEntry, screen: any HostedScreen) {
        self.entry = entry
        self.screen = screen
    }

    /// The screen's id.
    public var featureID: String { entry.screen }
    /// The input it was built from.
    public var input: FeatureInput { FeatureInput(entry.input) }
    /// How it was shown.
    public var presentation: Presentation { entry.presentation }
    /// The sub-flow it belongs to.
    public var flow: String? { entry.flow }
    /// Whether it starts its sub-flow.
    public var isFlowRoot: Bool { entry.startsFlow }
}
