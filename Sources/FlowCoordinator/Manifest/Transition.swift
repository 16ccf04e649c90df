/// One edge of the flow: on event `on` from screen `from` (or `*`, any screen), show `to`
/// with `style`, or close the top screen or layer.
public struct Transition: Sendable, Equatable {
    /// `from` value that matches every screen.
    public static let anyScreen = "*"

    /// The feature id the event comes from, or `*`.
    public var from: String
    /// The event's name.
    public var on: String
    /// The feature id to show; nil for `dismiss` and `pop`.
    public var to: String?
    /// How the target is shown.
    public var style: TransitionStyle
    /// The transition's position in the manifest's `transitions` array.
    public var index: Int

    /// Creates a transition.
    public init(from: String, on: String, to: String?, style: TransitionStyle, index: Int) {
        self.from = from
        self.on = on
        self.to = to
        self.style = style
        self.index = index
    }

    /// The JSON path of this transition in the manifest.
    public var path: JSONPath { JSONPath.root.appending("transitions").appending(index) }
}
