import FlowCoordinator
import FlowShellKit

/// Where the REPL shows what happens: as styled text for people, or as JSON lines for programs.
@MainActor
protocol ShellOutput: AnyObject {
    /// The top screen changed, or shows something new.
    func screen(_ screen: ScreenSnapshot)
    /// A message for the user; errors and warnings go to stderr.
    func notice(_ notice: Notice)
    /// `help`: this screen's commands and the global ones.
    func help(_ listing: HelpListing)
    /// `help COMMAND`: one command's usage.
    func usage(_ usage: CommandUsage)
    /// `where`: the open screens, bottom first.
    func stack(_ entries: [StackEntry])
    /// A command has run for a while (true) or finished (false).
    func progress(_ running: Bool)
    /// The line was abandoned with Ctrl-C at the prompt.
    func lineCancelled()
    /// The end of input at the prompt.
    func endOfInput()
}

/// One open screen, as `where` and the machine interface show it.
struct StackEntry: Encodable, Equatable {
    let screen: String
    let title: String
    let modal: Bool
    let input: [String: String]
}

/// The top screen with the stack under it.
struct ScreenSnapshot {
    let featureID: String
    let properties: ViewProperties
    let stack: [StackEntry]
}

/// A command's usage line, summary and the values its arguments take.
struct CommandUsage: Encodable, Equatable {
    struct Argument: Encodable, Equatable {
        let name: String
        let optional: Bool
        let values: [String]
    }

    let name: String
    let usage: String
    let summary: String
    let arguments: [Argument]

    init(_ command: Command) {
        name = command.name
        usage = command.usage
        summary = command.summary
        arguments = command.arguments.map { Argument(name: $0.name, optional: $0.isOptional, values: $0.values) }
    }

    init(_ command: GlobalCommand) {
        name = command.rawValue
        usage = command.usage
        summary = command.summary
        switch command {
        case .help: arguments = [Argument(name: "COMMAND", optional: true, values: [])]
        case .open: arguments = [Argument(name: "LINK", optional: false, values: [])]
        default: arguments = []
        }
    }
}

/// What `help` lists.
struct HelpListing: Encodable, Equatable {
    let screenTitle: String
    let screenCommands: [CommandUsage]
    let globalCommands: [CommandUsage]
}
