/// Everything one screen shows: its title, its content blocks, the commands the user may type
/// here (as descriptions) and a status line. Plain data: its JSON encoding is the screen of
/// `--output json` (documented by `view-properties.schema.json`), the form a screen in another
/// process sends, and what a recording keeps.
public struct ViewProperties: Codable, Equatable, Sendable {
    /// The version of the encoding; it changes only when a field changes meaning or goes away.
    public static let version = 1

    /// The screen's title, also its segment in the prompt (`Cars › Kia Rio ›`).
    public var title: String
    /// The content blocks, top to bottom.
    public var content: [Component]
    /// The commands valid on this screen, besides the global ones.
    public var commands: [CommandDescription]
    /// A short line shown under the content, if any.
    public var status: String?

    /// A screen's properties. A ``Screen``'s `render` leaves `commands` empty: the host adds
    /// the commands valid in the state.
    public init(title: String, content: [Component] = [], commands: [CommandDescription] = [], status: String? = nil) {
        self.title = title
        self.content = content
        self.commands = commands
        self.status = status
    }

    /// The command with the given name, if this screen has one.
    package func command(named name: String) -> CommandDescription? {
        commands.first { $0.name == name }
    }

    private enum CodingKeys: String, CodingKey {
        case title, components, commands, status
    }

    /// Decodes the `--output json` form; `components`, `commands` and `status` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        content = try container.decodeIfPresent([Component].self, forKey: .components) ?? []
        commands = try container.decodeIfPresent([CommandDescription].self, forKey: .commands) ?? []
        status = try container.decodeIfPresent(String.self, forKey: .status)
    }

    /// Whether the two show the same: every field equal, the short ones compared first — two
    /// states of one screen differ most often in its status line, which a derived `==` would
    /// reach only after comparing the whole content (every cell of a table) and every command.
    public static func == (lhs: ViewProperties, rhs: ViewProperties) -> Bool {
        lhs.status == rhs.status && lhs.title == rhs.title && lhs.commands.count == rhs.commands.count
            && lhs.content == rhs.content && lhs.commands == rhs.commands
    }

    /// Encodes the JSON form: `title`, `components`, `commands`, `status`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(content, forKey: .components)
        try container.encode(commands, forKey: .commands)
        try container.encodeIfPresent(status, forKey: .status)
    }
}
