/// What `flowshell test` types after a screen command whose arguments are free text
/// (`login NAME`), which it cannot take from the command's declared values: the config's
/// `examples`, `{ "auth.login": { "login": ["alice"] } }`.
public struct CommandExamples: Sendable, Equatable {
    /// The screen whose command it is.
    public var screen: String
    /// The command's name.
    public var command: String
    /// Each example: the words typed after the command's name, as typed (`alice`).
    public var arguments: [String]
    /// Where they are written (`examples.auth.login.login`).
    public var path: JSONPath

    /// The examples `arguments` of `command` on `screen`, written at `path`.
    public init(screen: String, command: String, arguments: [String], path: JSONPath) {
        self.screen = screen
        self.command = command
        self.arguments = arguments
        self.path = path
    }
}
