import FlowShellKit

/// The commands every screen has, declared once as the same plain descriptions screens give
/// theirs: usage, arity, `help`, JSON and completion all read these. The ``Dispatcher`` runs them.
public enum GlobalCommand {
    static let help = CommandDescription(name: "help", summary: "List this screen's commands, or show how to use one",
                                         arguments: [ArgumentDescription("COMMAND", optional: true)])
    static let back = CommandDescription(name: "back", summary: "Close this screen and return to the previous one")
    static let home = CommandDescription(name: "home", summary: "Close every screen above the first one")
    static let `where` = CommandDescription(name: "where", summary: "Show the stack of open screens")
    static let open = CommandDescription(name: "open", summary: "Open a deep link, such as /cars/rio", arguments: [ArgumentDescription("LINK")])
    static let reload = CommandDescription(name: "reload", summary: "Read the flow config again and apply it")
    static let quit = CommandDescription(name: "quit", summary: "Leave the shell")
    static let exit = CommandDescription(name: "exit", summary: "Leave the shell (same as quit)")

    /// Every global command, in the order `help` lists them.
    static let all = [help, back, home, `where`, open, reload, quit, exit]

    /// Every global command's name: screens may not use them (the manifest check says so).
    public static var names: Set<String> { Set(all.map(\.name)) }

    /// The global command named `name`, if any.
    static func named(_ name: String) -> CommandDescription? {
        all.first { $0.name == name }
    }
}
