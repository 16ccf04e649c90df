import FlowShellKit

/// The global commands of every session, whatever its front end: they touch only the session
/// (its flow, its lines, its aliases and settings), never the machine it runs on. A front end
/// adds more with a ``SessionCapability``.
public enum CoreCommands {
    public static let help = GlobalCommand(
        "help", "List this screen's commands, or show how to use one",
        arguments: [ArgumentDescription("COMMAND", optional: true)]
    ) { context, call in
        context.session.showHelp(for: call.arguments.positionals.first)
        return .next
    }
    public static let back = GlobalCommand("back", "Close this screen and return to the previous one") { context, _ in
        await context.session.goBack()
        return .next
    }
    public static let home = GlobalCommand("home", "Close every screen above the first one") { context, _ in
        await context.session.goHome()
        return .next
    }
    public static let `where` = GlobalCommand("where", "Show the stack of open screens") { context, _ in
        context.session.showStack()
        return .next
    }
    public static let open = GlobalCommand(
        "open", "Open one of the flow's deep links (Tab offers them)",
        arguments: [ArgumentDescription("LINK")]
    ) { context, call in
        await context.session.open(call.arguments.positionals.first ?? "")
        return .next
    }
    public static let reload = GlobalCommand("reload", "Read the flow config again and apply it") { context, _ in
        await context.session.reload()
        return .next
    }
    public static let show = GlobalCommand("show", "Show the current screen again") { context, _ in
        context.session.showScreenAgain()
        return .next
    }
    public static let history = GlobalCommand(
        "history", "List the lines typed, or the last N (-a: earlier sessions' too; -r N, A..B or -N: run them again)",
        arguments: [
            ArgumentDescription("all", kind: .flag, optional: true, shortName: "a"),
            ArgumentDescription("run", kind: .flag, optional: true, shortName: "r"),
            ArgumentDescription("N", optional: true),
        ]
    ) { context, call in
        await context.session.history(call)
    }
    public static let alias = GlobalCommand(
        "alias", "Let NAME stand for a command line (no arguments: list the aliases)",
        arguments: [
            ArgumentDescription("NAME", optional: true),
            ArgumentDescription("COMMAND", optional: true, takesRest: true),
        ],
        takesLineAsTyped: true
    ) { context, call in
        // As typed: the command keeps its quotes and options (`alias two book --hours 2`).
        context.session.defineAlias(call.text)
        return .next
    }
    public static let unalias = GlobalCommand("unalias", "Forget an alias", arguments: [ArgumentDescription("NAME")]) { context, call in
        context.session.removeAlias(call.arguments.positionals[0])
        return .next
    }
    public static let set = GlobalCommand(
        "set", described(settings: ShellSettings.builtIn).summary,
        arguments: described(settings: ShellSettings.builtIn).arguments
    ) { context, call in
        context.session.changeSetting(call.arguments.positionals)
        return .next
    }
    public static let wait = GlobalCommand(
        "wait", "Wait SECONDS, or until the screen shows TEXT (what it shows by itself meanwhile is shown)",
        arguments: [
            ArgumentDescription("SECONDS", optional: true),
            ArgumentDescription("until", kind: .option, optional: true, valueName: "TEXT"),
            ArgumentDescription("timeout", kind: .option, optional: true, valueName: "SECONDS"),
        ]
    ) { context, call in
        await context.session.wait(
            seconds: call.arguments.positionals.first, until: call.arguments.options["until"],
            timeout: call.arguments.options["timeout"])
        return .next
    }
    public static let quit = GlobalCommand(
        "quit", "Leave the shell, with STATUS as its exit status (default 0)",
        arguments: [ArgumentDescription("STATUS", optional: true)]
    ) { context, call in
        context.session.quit(call.arguments.positionals.first)
    }
    public static let exit = GlobalCommand(
        "exit", "Leave the shell (same as quit)",
        arguments: [ArgumentDescription("STATUS", optional: true)]
    ) { context, call in
        context.session.quit(call.arguments.positionals.first)
    }

    /// `set`'s description when the session has `settings`: its summary names them, Tab offers
    /// them with what each does.
    package static func described(settings: [ShellSettings.Setting]) -> CommandDescription {
        CommandDescription(
            name: "set", summary: "Show the settings, or change one (\(settings.map(\.name).joined(separator: ", ")))",
            arguments: [
                ArgumentDescription(
                    "NAME", optional: true, values: settings.map(\.name),
                    descriptions: Dictionary(settings.map { ($0.name, $0.summary) }, uniquingKeysWith: { first, _ in first })),
                ArgumentDescription("VALUE", optional: true),
            ])
    }

    /// The core's commands that `help` lists before a capability's, in that order.
    static let first = [help, back, home, `where`, open, show, reload, history, alias, unalias, set]
    /// The core's commands that `help` lists after a capability's: `wait`, then those that leave.
    static let last = [wait, quit, exit]

    /// Every core command, in the order `help` lists them.
    public static let all = first + last

    /// The names of the core's commands.
    public static var names: [String] { all.map(\.name) }
}
