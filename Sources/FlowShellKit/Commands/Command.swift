/// A command the user may type on a screen: its name, a one-line summary for `help`, its
/// arguments (for usage and completion) and the handler that runs it.
public struct Command: Sendable {
    /// What the handler does with the typed arguments. It may throw a ``UserFacingError`` (its
    /// message is shown and the shell goes on) and may be cancelled by Ctrl-C.
    public typealias Handler = @MainActor @Sendable (CommandArguments) async throws -> Void

    /// The word the user types.
    public var name: String
    /// One line for `help`.
    public var summary: String
    /// The arguments, in order.
    public var arguments: [CommandArgument]
    /// Runs the command.
    public var handler: Handler

    /// Creates a command.
    public init(
        _ name: String,
        summary: String,
        arguments: [CommandArgument] = [],
        handler: @escaping Handler
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.handler = handler
    }

    /// The usage line: the name followed by each argument (`open CAR-ID [HOURS]`).
    public var usage: String {
        ([name] + arguments.map(\.usageToken)).joined(separator: " ")
    }

    /// What identifies the command for comparison: name, summary and arguments.
    var signature: [String] {
        [name, summary] + arguments.map { "\($0.name)|\($0.isOptional)|\($0.values.joined(separator: ","))" }
    }
}
