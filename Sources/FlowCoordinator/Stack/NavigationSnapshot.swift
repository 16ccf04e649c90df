/// Where the user was: the open screens with their inputs, as saved after each navigation and
/// restored at the next start.
public struct NavigationSnapshot: Codable, Sendable, Equatable {
    /// The version of this shape.
    public static let currentVersion = 1

    /// One open screen.
    public struct Entry: Codable, Sendable, Equatable {
        /// The feature id.
        public var feature: String
        /// Its input.
        public var input: [String: String]
        /// `root`, `pushed` or `presented`.
        public var presentation: String
        /// The sub-flow it belongs to, if any.
        public var flow: String?
        /// Whether it is the first screen of that sub-flow.
        public var flowRoot: Bool

        /// Creates an entry.
        public init(feature: String, input: [String: String], presentation: String, flow: String?, flowRoot: Bool) {
            self.feature = feature
            self.input = input
            self.presentation = presentation
            self.flow = flow
            self.flowRoot = flowRoot
        }
    }

    /// The shape's version.
    public var v: Int
    /// The app it belongs to; a snapshot of another app is not restored.
    public var app: String
    /// The open screens, bottom first.
    public var screens: [Entry]

    /// Creates a snapshot.
    public init(app: String, screens: [Entry]) {
        self.v = Self.currentVersion
        self.app = app
        self.screens = screens
    }
}
