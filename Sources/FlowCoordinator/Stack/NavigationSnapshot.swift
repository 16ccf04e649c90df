/// Where the user was: the open screens with their inputs, as saved after each navigation and
/// restored at the next start.
public struct NavigationSnapshot: Codable, Sendable, Equatable {
    /// The version of this shape.
    public static let currentVersion = 1

    /// The shape's version.
    public var v: Int
    /// The app it belongs to; a snapshot of another app is not restored.
    public var app: String
    /// The open screens, bottom first.
    public var screens: [NavigationEntry]

    /// The stack `screens` of the app `app`, in this version of the shape.
    public init(app: String, screens: [NavigationEntry]) {
        self.v = Self.currentVersion
        self.app = app
        self.screens = screens
    }
}
