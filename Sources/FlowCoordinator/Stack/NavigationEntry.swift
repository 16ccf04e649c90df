import FlowShellKit

/// How an open screen was shown, which decides what closing it means.
public enum Presentation: String, Codable, Sendable, Equatable {
    /// The flow's first screen.
    case root
    /// Pushed onto the layer below it.
    case pushed
    /// The root of a modal layer.
    case presented
}

/// One open screen as the stack value holds it: which screen, the input that identifies its
/// subject, how it was shown and the sub-flow it belongs to. Its encoding is the saved state
/// (``NavigationSnapshot``): the stack and the file hold the one type.
public struct NavigationEntry: Codable, Hashable, Sendable {
    /// The screen's id.
    public var screen: String
    /// Its input.
    public var input: [String: String]
    /// How it was shown.
    public var presentation: Presentation
    /// The sub-flow it belongs to; nil for the main flow.
    public var flow: String?
    /// Whether it is the first screen of that sub-flow (closing it ends the flow).
    public var startsFlow: Bool

    // The saved state's names, which files written before this type held the stack keep.
    private enum CodingKeys: String, CodingKey {
        case screen = "feature", input, presentation, flow, startsFlow = "flowRoot"
    }

    /// The screen `screen` opened with `input`, shown with `presentation`, in the sub-flow `flow`
    /// (nil: the main flow), whose first screen it is when `startsFlow`.
    public init(screen: String, input: [String: String] = [:], presentation: Presentation, flow: String? = nil, startsFlow: Bool = false) {
        self.screen = screen
        self.input = input
        self.presentation = presentation
        self.flow = flow
        self.startsFlow = startsFlow
    }
}
