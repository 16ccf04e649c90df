/// Commands of one screen that an agent may run only when its person says yes (an
/// elicitation the person at the agent's host answers): the config's `personConfirms`,
/// `{ "booking.confirm": ["confirm"] }`. A person at the terminal or in a tab runs them as
/// any other: they are the person.
public struct ConfirmedCommands: Sendable, Equatable {
    /// The screen whose commands they are.
    public var screen: String
    /// The commands' names.
    public var commands: [String]
    /// Where they are written (`personConfirms.booking.confirm`).
    public var path: JSONPath

    /// `commands` of `screen`, written at `path`.
    public init(screen: String, commands: [String], path: JSONPath) {
        self.screen = screen
        self.commands = commands
        self.path = path
    }
}

extension Manifest {
    /// Whether an agent needs its person's yes to run `command` on `screen`.
    public func needsPerson(_ command: String, on screen: String) -> Bool {
        personConfirms.contains { $0.screen == screen && $0.commands.contains(command) }
    }
}
