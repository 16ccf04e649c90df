import FlowCoordinator
import FlowManifest
import FlowShellKit

/// The View of the shell: where the session pushes what happens — as styled text for people,
/// as JSON lines for programs, into a recording, or into a test's capture.
@MainActor
public protocol SessionView: AnyObject {
    /// The top screen changed, or shows something new.
    func screen(_ screen: ScreenSnapshot)
    /// A message for the user; errors and warnings go to stderr.
    func notice(_ notice: Notice)
    /// `help`: this screen's commands and the global ones.
    func help(_ listing: HelpListing)
    /// `help COMMAND` or `COMMAND --help`: one command's usage.
    func usage(_ usage: CommandUsage)
    /// `where`: the open screens, bottom first.
    func stack(_ entries: [StackEntry])
    /// Lines of plain text a command answers with (`history`, `alias`, `set NAME`).
    func text(_ lines: [String])
    /// `set`: each setting with its value and what it does.
    func settings(_ listing: SettingsListing)
    /// A command has run for a while (true) or finished (false).
    func progress(_ running: Bool)
    /// What `set` changed (colour, width, pager).
    func apply(_ settings: ShellSettings)
    /// Writes out what is held back, before another program writes to the same place.
    func flush()
    /// `screen` as this View shows it in plain text, one line a row, unwrapped (what `wait
    /// --until TEXT` looks for); nil when the View has no text of its own.
    func plainText(of screen: ViewProperties) -> String?
    /// Whether this View shows the open screens with each screen (a program's View names them
    /// in every screen message). One that does not is handed screens whose ``ScreenSnapshot/stack``
    /// is empty: showing a screen then costs nothing for the screens under it, however many.
    var showsStackWithScreens: Bool { get }
}

extension SessionView {
    /// An output shows the stack with each screen unless it says otherwise.
    public var showsStackWithScreens: Bool { true }

    /// An output with no layout of its own shows the settings as lines of text
    /// (`width = auto  — the output width in columns`).
    public func settings(_ listing: SettingsListing) {
        text(listing.lines)
    }

    /// An output that has nothing to set ignores the settings.
    public func apply(_ settings: ShellSettings) {}
    /// An output that holds nothing back has nothing to write out.
    public func flush() {}

    /// An output that renders no text (JSON lines, a browser's messages) has none to give.
    public func plainText(of screen: ViewProperties) -> String? { nil }
}

/// One open screen, as `where` and the machine interface show it.
public struct StackEntry: Codable, Equatable, Sendable {
    /// The screen's id.
    public let screen: String
    /// Its title now.
    public let title: String
    /// Whether it is the root of a modal layer.
    public let modal: Bool
    /// The input it was built from.
    public let input: [String: String]
}

/// The top screen with the stack under it.
public struct ScreenSnapshot: Equatable, Sendable {
    /// What showed a screen.
    public enum Cause: String, Codable, Sendable {
        /// A command run, and the navigation it caused.
        case command
        /// The screen changed by itself: its background work (effects, subscriptions, a
        /// plugin's push) and the navigation that caused.
        case update
    }

    /// The screen's id.
    public let featureID: String
    /// What it shows.
    public let properties: ViewProperties
    /// The open screens, bottom first; empty for a View that does not show them with each
    /// screen (``SessionView/showsStackWithScreens``).
    public let stack: [StackEntry]
    /// What showed it.
    public var cause: Cause = .command
}

/// A command's usage line, summary and the values its arguments take.
public struct CommandUsage: Encodable, Equatable, Sendable {
    /// One argument.
    public struct Argument: Encodable, Equatable, Sendable {
        /// Its name in usage.
        public let name: String
        /// Whether it may be left out.
        public let optional: Bool
        /// The values Tab offers.
        public let values: [String]
    }

    /// The command's name.
    public let name: String
    /// Its usage line.
    public let usage: String
    /// One line on what it does.
    public let summary: String
    /// Its arguments.
    public let arguments: [Argument]

    init(_ command: CommandDescription) {
        name = command.name
        usage = command.usage
        summary = command.summary
        arguments = command.arguments.map { Argument(name: $0.name, optional: $0.isOptional, values: $0.values) }
    }
}

/// What `set` lists: every setting with its value, names and values aligned.
public struct SettingsListing: Equatable, Sendable {
    /// One setting.
    public struct Row: Equatable, Sendable {
        /// What is typed after `set`.
        public let name: String
        /// Its value now.
        public let value: String
        /// What it does, with the module that declares it when it is a module's.
        public let summary: String
    }

    /// The settings, the shell's own first.
    public let rows: [Row]

    /// `name = value` for each row, padded so that the `=` and the values line up.
    public var assignments: [String] {
        let nameWidth = rows.map(\.name.count).max() ?? 0
        return rows.map { $0.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + " = " + $0.value }
    }

    /// The listing as lines of text: each assignment, padded, then its summary after a dash.
    public var lines: [String] {
        let assignments = self.assignments
        let width = assignments.map(\.count).max() ?? 0
        return zip(assignments, rows).map { $0.padding(toLength: width, withPad: " ", startingAt: 0) + "  — " + $1.summary }
    }
}

/// What `help` lists.
public struct HelpListing: Encodable, Equatable, Sendable {
    /// The top screen's title.
    public let screenTitle: String
    /// Its commands.
    public let screenCommands: [CommandUsage]
    /// The global commands.
    public let globalCommands: [CommandUsage]
}
