/// Everything one screen shows: its title, its content blocks, the commands the user may type
/// here and a status line. Plain data: the View renders it, the REPL dispatches its commands.
public struct ViewProperties: Sendable {
    /// The screen's title, also its segment in the prompt (`Cars › Kia Rio ›`).
    public var title: String
    /// The content blocks, top to bottom.
    public var content: [Component]
    /// The commands valid on this screen, besides the global ones.
    public var commands: [Command]
    /// A short line shown under the content, if any.
    public var status: String?

    /// Creates the properties of a screen.
    public init(title: String, content: [Component] = [], commands: [Command] = [], status: String? = nil) {
        self.title = title
        self.content = content
        self.commands = commands
        self.status = status
    }

    /// The command with the given name, if this screen has one.
    public func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }
}

extension ViewProperties: Equatable {
    /// Two ViewProperties are equal when they show the same things; command handlers are
    /// compared by the command's name, summary and arguments.
    public static func == (lhs: ViewProperties, rhs: ViewProperties) -> Bool {
        lhs.title == rhs.title && lhs.content == rhs.content && lhs.status == rhs.status
            && lhs.commands.map(\.signature) == rhs.commands.map(\.signature)
    }
}
