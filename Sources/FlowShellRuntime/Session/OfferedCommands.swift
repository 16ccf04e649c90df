import FlowCoordinator
import FlowShellKit

/// The commands a session offers now, as one value: the top screen's own and those the config
/// adds to it (its effective screen), the session's global commands (the core's and its
/// capabilities') and its aliases. It is worked out when one of those changes — the top screen
/// or what it shows, the config, an alias — and then read by everything that names commands:
/// the session's lookup of a typed name, `help`, usage, Tab, did-you-mean, `--output json`'s
/// lists and the page's opening message.
@MainActor
public struct OfferedCommands {
    /// What a typed name runs.
    public enum Command {
        /// A global command of this session.
        case global(GlobalCommand)
        /// A command of the top screen's own.
        case screen(CommandDescription)
        /// A command the config adds to the top screen, which opens a screen or a flow.
        case addedByConfig(CommandDescription)
        /// An alias, with the line it stands for.
        case alias(String)

        /// The command's description; nil for an alias.
        public var description: CommandDescription? {
            switch self {
            case .global(let command): command.description
            case .screen(let description), .addedByConfig(let description): description
            case .alias: nil
            }
        }
    }

    /// What the top screen shows, as the flow offers it (its commands less those that lead
    /// nowhere, plus the config's); nil before the flow has started.
    public let screen: ViewProperties?
    /// The session's global commands, in the order `help` lists them.
    public let globals: [GlobalCommand]
    /// What each alias stands for, by name.
    public let aliases: [String: String]
    /// The values each setting takes, by name, for Tab after `set NAME`.
    public let settingValues: [String: [String]]
    /// The screen this was worked out for, to see when the top is another.
    private weak var topScreen: (any HostedScreen)?
    /// Every name that runs something here, with what it runs.
    private let byName: [String: Command]

    /// The commands offered on `top` (nil: no screen yet), whose effective properties are
    /// `effective`, with `globals`, `aliases` and the values each setting takes.
    init(
        top: OpenScreen?, effective: ViewProperties?, addedByConfig: [CommandDescription], globals: [GlobalCommand],
        aliases: [String: String], settingValues: [String: [String]]
    ) {
        screen = effective
        self.globals = globals
        self.aliases = aliases
        self.settingValues = settingValues
        topScreen = top?.screen
        var byName: [String: Command] = [:]
        // An alias kept from another flow may have a command's name: the command goes first.
        for (name, line) in aliases { byName[name] = .alias(line) }
        // A command the flow leaves out of help (its events lead nowhere) still runs when typed.
        for command in top?.screen.viewProperties.commands ?? [] { byName[command.name] = .screen(command) }
        for command in effective?.commands ?? [] { byName[command.name] = .screen(command) }
        for command in addedByConfig { byName[command.name] = .addedByConfig(command) }
        for command in globals { byName[command.name] = .global(command) }
        self.byName = byName
    }

    /// Whether this was worked out for `top`'s screen.
    func isFor(_ top: OpenScreen?) -> Bool {
        topScreen === top?.screen && (topScreen != nil || top == nil)
    }

    /// What `name` runs here, if anything.
    public func command(named name: String) -> Command? {
        byName[name]
    }

    /// The commands `help` and Tab list: the screen's, then the global ones.
    public var listed: [CommandDescription] {
        (screen?.commands ?? []) + globals.map(\.description)
    }

    /// Every name that may be typed here as a command's first word, aliases last: what
    /// did-you-mean chooses among.
    public var names: [String] {
        listed.map(\.name) + aliases.keys.sorted()
    }

    /// Whether `line`'s command takes `>`, `>>` and `|` as its own text (`shell`), itself or
    /// through an alias.
    func takesOperatorsAsText(_ line: String) -> Bool {
        var command = command(named: Self.firstWord(of: line))
        if case .alias(let aliasLine) = command { command = self.command(named: Self.firstWord(of: aliasLine)) }
        guard case .global(let global) = command else { return false }
        return global.takesOperatorsAsText
    }

    private static func firstWord(of line: String) -> String {
        String(line.drop(while: \.isWhitespace).prefix(while: { !$0.isWhitespace }))
    }
}
