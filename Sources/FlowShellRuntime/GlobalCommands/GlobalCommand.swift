import FlowShellKit

/// A command every screen of a session has: its plain description (what usage, arity, `help`,
/// JSON and completion read, the same as a screen command's) and the handler that runs it. A
/// declared global command carries its own handler, so none can fall through to another's. The
/// core's are ``CoreCommands``; a front end adds others with a ``SessionCapability``.
public struct GlobalCommand: Sendable {
    /// One use of a global command: its words read by its description, and the text after its
    /// name as it was typed (for `shell`, whose line goes to `$SHELL` untouched).
    public struct Call {
        /// The words after the name, read by the command's description.
        public let arguments: ParsedArguments
        /// The text after the name, quotes and all.
        public let text: String
        /// The command's description, whose usage line a message about a wrong use quotes.
        let described: CommandDescription
        /// The command's usage line, for a message about a wrong use: worked out only then.
        public var usage: String { described.usage }
    }

    /// What `help`, usage, completion and the manifest check read.
    public private(set) var description: CommandDescription
    /// Runs the command in a session, through the session's narrow face.
    package private(set) var perform: @MainActor @Sendable (_ context: SessionContext, _ call: Call) async -> Session.Step

    /// Whether the text after its name is one argument, as typed (`alias`, `shell`), rather than words.
    public let takesLineAsTyped: Bool
    /// Whether `>`, `>>` and `|` in its line are its own text (`shell` hands them to `$SHELL`)
    /// rather than where the session sends its output.
    public let takesOperatorsAsText: Bool

    /// The word the user types.
    public var name: String { description.name }

    /// A command named `name`, summarised as `summary`, taking `arguments`, that `perform` runs.
    public init(
        _ name: String, _ summary: String, arguments: [ArgumentDescription] = [], takesLineAsTyped: Bool = false,
        takesOperatorsAsText: Bool = false,
        perform: @escaping @MainActor @Sendable (_ context: SessionContext, _ call: Call) async -> Session.Step
    ) {
        description = CommandDescription(name: name, summary: summary, arguments: arguments)
        self.takesLineAsTyped = takesLineAsTyped
        self.takesOperatorsAsText = takesOperatorsAsText
        self.perform = perform
    }

    /// The same command described as `description` says (`set`, whose settings depend on the
    /// flow's modules), or running `perform` instead.
    package func with(
        description: CommandDescription? = nil,
        perform: (@MainActor @Sendable (_ context: SessionContext, _ call: Call) async -> Session.Step)? = nil
    ) -> GlobalCommand {
        var command = self
        if let description { command.description = description }
        if let perform { command.perform = perform }
        return command
    }
}
