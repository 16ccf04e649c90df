import FlowShellKit

/// What a front end lets the sessions it composes do beyond the core (``CoreCommands``): a
/// named set of global commands and, optionally, what happens to a line's output sent elsewhere
/// with `>`, `>>` or `|`. A session has the core and the capabilities its front end hands the
/// ``Session`` — nothing is taken away afterwards, so `help`, Tab, did-you-mean and the
/// machine interface list exactly what it has. The terminal adds its `files` and `programs`;
/// the browser and SSH add none. The core names no capability: a program hands the ones it
/// links to `flowshell check` (their names are reserved) and to its servers (whose sessions
/// say what they lack, with ``WithheldCapabilities``).
public struct SessionCapability: Sendable {
    /// What the capability is called (`files`), for people reading a composition.
    public let name: String
    /// The global commands it adds.
    public let commands: [GlobalCommand]
    /// The options it adds to the core's commands (`history -o FILE`).
    public let options: [CommandOptions]
    /// Where it sends a line's output, by the operator that asks for it.
    public let destinations: [RedirectionOperator: OutputDestination]
    /// The names in a folder as typed (folders ending in `/`), for Tab on a path; nil when the
    /// capability reaches no files.
    public let listFolder: (@Sendable (_ folder: String) -> [String])?

    /// A capability named `name` adding `commands`, `options` to the core's commands, where
    /// `>`, `>>` and `|` send a line's output, and what Tab lists in a folder.
    public init(
        name: String, commands: [GlobalCommand], options: [CommandOptions] = [],
        destinations: [RedirectionOperator: OutputDestination] = [:],
        listFolder: (@Sendable (_ folder: String) -> [String])? = nil
    ) {
        self.name = name
        self.commands = commands
        self.options = options
        self.destinations = destinations
        self.listFolder = listFolder
    }

    /// The names of the global commands it adds.
    public var commandNames: [String] { commands.map(\.name) }

    /// The operators whose output it sends somewhere.
    public var operators: Set<RedirectionOperator> { Set(destinations.keys) }

    /// What a session composed without this capability is told when a line would use it, in
    /// the user's words: `this session has no programs of the server's machine`.
    public var lacking: String {
        "this session has no \(name) of the server's machine"
    }
}

/// Options a capability adds to one of the core's global commands, where what they do reaches
/// beyond the session: the terminal's files add `history -o FILE`. A session with the
/// capability lists them in the command's usage, `help` and Tab; a line that gives one runs the
/// capability's handler, any other line the core's. A session without it has the core's command
/// alone, and the option is unknown there, as any option never declared.
public struct CommandOptions: Sendable {
    /// The core command they belong to (`history`).
    public let command: String
    /// The options and flags added, placed before the command's positional arguments.
    public let arguments: [ArgumentDescription]
    /// What they do, added to the command's summary (`-o FILE: write them to FILE as a script`).
    let summary: String
    /// Runs a line that gives one of them.
    let perform: @MainActor @Sendable (_ context: SessionContext, _ call: GlobalCommand.Call) async -> Session.Step

    /// Options `arguments` added to `command`, summarised as `summary`, that `perform` runs.
    public init(
        for command: GlobalCommand, arguments: [ArgumentDescription], summary: String,
        perform: @escaping @MainActor @Sendable (_ context: SessionContext, _ call: GlobalCommand.Call) async -> Session.Step
    ) {
        self.command = command.name
        self.arguments = arguments
        self.summary = summary
        self.perform = perform
    }

    /// `command` with these options added.
    func extending(_ command: GlobalCommand) -> GlobalCommand {
        var description = command.description
        // Into the summary's closing parenthesis of options, where it has one.
        if description.summary.hasSuffix(")") {
            description.summary = description.summary.dropLast() + "; \(summary))"
        } else {
            description.summary += " (\(summary))"
        }
        let firstPositional = description.arguments.firstIndex { $0.kind == .positional } ?? description.arguments.endIndex
        description.arguments.insert(contentsOf: arguments, at: firstPositional)
        let names = arguments.map(\.name)
        let core = command.perform
        let perform = self.perform
        return command.with(description: description) { context, call in
            let given = names.contains { call.arguments.options[$0] != nil || call.arguments.flags.contains($0) }
            return given ? await perform(context, call) : await core(context, call)
        }
    }
}

/// An operator that sends a line's output elsewhere, spelled as cmd2 and POSIX shells spell it.
public enum RedirectionOperator: String, Sendable, CaseIterable {
    /// `CMD > FILE`: the file, written anew.
    case write = ">"
    /// `CMD >> FILE`: the end of the file.
    case append = ">>"
    /// `CMD | COMMAND`: the standard input of a program.
    case pipe = "|"

    /// What it does, in a user's words.
    public var purpose: String {
        switch self {
        case .write: "writes a command's output to a file"
        case .append: "adds a command's output to a file"
        case .pipe: "hands a command's output to a program"
        }
    }
}

/// Where a capability sends a line's output that `>`, `>>` or `|` redirects: the line's output
/// is collected as plain text while its command runs, then delivered.
public struct OutputDestination: Sendable {
    /// Makes the plain-text View the output is collected in.
    let collector: CollectingOutputMaker
    /// Throws, in the user's words, when the output cannot go to `target` (a file's name as
    /// typed, a program's line): checked before the command runs, so that it does not run for
    /// nothing.
    let check: (@MainActor @Sendable (_ target: String) throws -> Void)?
    /// Sends `text` to `target`; throws, in the user's words, when it cannot.
    let deliver: @MainActor @Sendable (_ text: String, _ target: String) async throws -> Void

    /// A destination whose output is collected by `collector`'s View, checked by `check`
    /// before the command runs and sent by `deliver` after.
    public init(
        collector: @escaping CollectingOutputMaker, check: (@MainActor @Sendable (_ target: String) throws -> Void)? = nil,
        deliver: @escaping @MainActor @Sendable (_ text: String, _ target: String) async throws -> Void
    ) {
        self.collector = collector
        self.check = check
        self.deliver = deliver
    }
}
