import FlowShellKit

/// A command every screen has: its plain description (what usage, arity, `help`, JSON and
/// completion read, the same as a screen command's) and the handler that runs it. A declared
/// global command carries its own handler, so none can fall through to another's.
public struct GlobalCommand: Sendable {
    /// One use of a global command: its words read by its description, and the text after its
    /// name as it was typed (for `shell`, whose line goes to `$SHELL` untouched).
    package struct Call {
        /// The words after the name, read by the command's description.
        package let arguments: ParsedArguments
        /// The text after the name, quotes and all.
        package let text: String
    }

    /// What `help`, usage, completion and the manifest check read.
    package let description: CommandDescription
    /// Runs the command on `dispatcher`.
    package let perform: @MainActor @Sendable (_ dispatcher: Dispatcher, _ call: Call) async -> Dispatcher.Step

    /// Whether the text after its name is one argument, as typed (`shell`), rather than words.
    package let takesLineAsTyped: Bool

    /// The word the user types.
    package var name: String { description.name }

    package init(_ name: String, _ summary: String, arguments: [ArgumentDescription] = [], takesLineAsTyped: Bool = false,
         perform: @escaping @MainActor @Sendable (_ dispatcher: Dispatcher, _ call: Call) async -> Dispatcher.Step) {
        description = CommandDescription(name: name, summary: summary, arguments: arguments)
        self.takesLineAsTyped = takesLineAsTyped
        self.perform = perform
    }

    /// Every global command's name: screens may not use them (the manifest check says so).
    public static var names: Set<String> { Set(all.map(\.name)) }

    /// The global command named `name`, if any.
    package static func named(_ name: String) -> GlobalCommand? {
        byName[name]
    }

    /// Every global command's description, in the order `help` lists them.
    package static var descriptions: [CommandDescription] { all.map(\.description) }

    /// Every global command by its name: looked up for every line typed.
    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}

extension GlobalCommand {
    package static let help = GlobalCommand("help", "List this screen's commands, or show how to use one",
                                    arguments: [ArgumentDescription("COMMAND", optional: true)]) { dispatcher, call in
        dispatcher.showHelp(for: call.arguments.positionals.first)
        return .next
    }
    package static let back = GlobalCommand("back", "Close this screen and return to the previous one") { dispatcher, _ in
        await dispatcher.goBack()
        return .next
    }
    package static let home = GlobalCommand("home", "Close every screen above the first one") { dispatcher, _ in
        await dispatcher.goHome()
        return .next
    }
    package static let `where` = GlobalCommand("where", "Show the stack of open screens") { dispatcher, _ in
        dispatcher.showStack()
        return .next
    }
    package static let open = GlobalCommand("open", "Open one of the flow's deep links (Tab offers them)", arguments: [ArgumentDescription("LINK")]) { dispatcher, call in
        await dispatcher.open(call.arguments.positionals.first ?? "")
        return .next
    }
    package static let reload = GlobalCommand("reload", "Read the flow config again and apply it") { dispatcher, _ in
        await dispatcher.reload()
        return .next
    }
    package static let show = GlobalCommand("show", "Show the current screen again") { dispatcher, _ in
        dispatcher.showScreenAgain()
        return .next
    }
    package static let history = GlobalCommand("history", "List the lines typed in this session (!N runs line N again, !! the last)",
                                       arguments: [ArgumentDescription("N", optional: true)]) { dispatcher, call in
        dispatcher.showHistory(last: call.arguments.positionals.first)
        return .next
    }
    package static let alias = GlobalCommand("alias", "Let NAME stand for a command line (no arguments: list the aliases)",
                                     arguments: [ArgumentDescription("NAME", optional: true),
                                                 ArgumentDescription("COMMAND", optional: true, takesRest: true)],
                                     takesLineAsTyped: true) { dispatcher, call in
        // As typed: the command keeps its quotes and options (`alias two book --hours 2`).
        dispatcher.defineAlias(call.text)
        return .next
    }
    package static let unalias = GlobalCommand("unalias", "Forget an alias", arguments: [ArgumentDescription("NAME")]) { dispatcher, call in
        dispatcher.removeAlias(call.arguments.positionals[0])
        return .next
    }
    package static let set = GlobalCommand("set", "Show the settings, or change one (color, width, pager, confirm-quit)",
                                   arguments: [ArgumentDescription("NAME", optional: true, values: ShellSettings.all.map(\.name)),
                                               ArgumentDescription("VALUE", optional: true)]) { dispatcher, call in
        dispatcher.changeSetting(call.arguments.positionals)
        return .next
    }
    package static let run = GlobalCommand("run", "Run the commands in a file, stopping at the first error",
                                   arguments: [ArgumentDescription("FILE", isPath: true), ArgumentDescription("keep-going", kind: .flag, optional: true)]) { dispatcher, call in
        await dispatcher.runScript(call.arguments.positionals[0], keepGoing: call.arguments.flags.contains("keep-going"))
    }
    package static let shell = GlobalCommand("shell", "Run the rest of the line in your $SHELL, as typed (> and | included)",
                                     arguments: [ArgumentDescription("COMMAND", takesRest: true)], takesLineAsTyped: true) { dispatcher, call in
        await dispatcher.runInSystemShell(call.text)
        return .next
    }
    package static let wait = GlobalCommand("wait", "Wait SECONDS, or until the screen shows TEXT (what it shows by itself meanwhile is shown)",
                                    arguments: [ArgumentDescription("SECONDS", optional: true),
                                                ArgumentDescription("until", kind: .option, optional: true, valueName: "TEXT"),
                                                ArgumentDescription("timeout", kind: .option, optional: true, valueName: "SECONDS")]) { dispatcher, call in
        await dispatcher.wait(seconds: call.arguments.positionals.first, until: call.arguments.options["until"],
                              timeout: call.arguments.options["timeout"])
        return .next
    }
    package static let quit = GlobalCommand("quit", "Leave the shell, with STATUS as its exit status (default 0)",
                                    arguments: [ArgumentDescription("STATUS", optional: true)]) { dispatcher, call in
        dispatcher.quit(call.arguments.positionals.first)
    }
    package static let exit = GlobalCommand("exit", "Leave the shell (same as quit)", arguments: [ArgumentDescription("STATUS", optional: true)]) { dispatcher, call in
        dispatcher.quit(call.arguments.positionals.first)
    }

    /// Every global command, in the order `help` lists them.
    package static let all = [help, back, home, `where`, open, show, reload, history, alias, unalias, set, run, shell, wait, quit, exit]
}
