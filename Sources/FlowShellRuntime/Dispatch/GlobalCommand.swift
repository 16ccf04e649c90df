import FlowShellKit

/// The commands every screen has, declared once as the same plain descriptions screens give
/// theirs: usage, arity, `help`, JSON and completion all read these. The ``Dispatcher`` runs them.
public enum GlobalCommand {
    package static let help = CommandDescription(name: "help", summary: "List this screen's commands, or show how to use one",
                                                 arguments: [ArgumentDescription("COMMAND", optional: true)])
    package static let back = CommandDescription(name: "back", summary: "Close this screen and return to the previous one")
    package static let home = CommandDescription(name: "home", summary: "Close every screen above the first one")
    package static let `where` = CommandDescription(name: "where", summary: "Show the stack of open screens")
    package static let open = CommandDescription(name: "open", summary: "Open a deep link, such as /cars/rio", arguments: [ArgumentDescription("LINK")])
    package static let reload = CommandDescription(name: "reload", summary: "Read the flow config again and apply it")
    package static let show = CommandDescription(name: "show", summary: "Show the current screen again")
    package static let history = CommandDescription(name: "history", summary: "List the lines typed in this session (!N runs line N again, !! the last)",
                                                    arguments: [ArgumentDescription("N", optional: true)])
    package static let alias = CommandDescription(name: "alias", summary: "Let NAME stand for a command line (no arguments: list the aliases)",
                                                  arguments: [ArgumentDescription("NAME", optional: true), ArgumentDescription("COMMAND", optional: true, takesRest: true)])
    package static let unalias = CommandDescription(name: "unalias", summary: "Forget an alias", arguments: [ArgumentDescription("NAME")])
    package static let set = CommandDescription(name: "set", summary: "Show the settings, or change one (color, width, pager, confirm-quit)",
                                                arguments: [ArgumentDescription("NAME", optional: true, values: ShellSettings.all.map(\.name)),
                                                            ArgumentDescription("VALUE", optional: true)])
    package static let run = CommandDescription(name: "run", summary: "Run the commands in a file, stopping at the first error",
                                                arguments: [ArgumentDescription("FILE"), ArgumentDescription("keep-going", kind: .flag, optional: true)])
    package static let quit = CommandDescription(name: "quit", summary: "Leave the shell, with STATUS as its exit status (default 0)",
                                                 arguments: [ArgumentDescription("STATUS", optional: true)])
    package static let exit = CommandDescription(name: "exit", summary: "Leave the shell (same as quit)", arguments: [ArgumentDescription("STATUS", optional: true)])

    /// Every global command, in the order `help` lists them.
    package static let all = [help, back, home, `where`, open, show, reload, history, alias, unalias, set, run, quit, exit]

    /// Every global command's name: screens may not use them (the manifest check says so).
    public static var names: Set<String> { Set(all.map(\.name)) }

    /// The global command named `name`, if any.
    package static func named(_ name: String) -> CommandDescription? {
        byName[name]
    }

    /// Every global command by its name: looked up for every line typed.
    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
