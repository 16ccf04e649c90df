import FlowCoordinator
import FlowShellKit

/// The commands a session offers now, as one value: the top screen's own and those the config
/// adds to it (its effective screen), the session's global commands (the core's and its
/// capabilities') and its aliases. It is kept in parts, each made again only when what it comes
/// from changed: the session's (`OfferedGlobals`) when the config is loaded again, the screen's
/// own when its commands change, the aliases when one does; the config's commands on a screen
/// are looked up in the flow's index of them, made once when the config is read. It is read by everything that names commands:
/// the session's lookup of a typed name, `help`, usage, Tab, did-you-mean, `--output json`'s
/// lists and the page's opening message. A class, as it never changes once made: the session
/// hands the same one to every reader of a line, which copies a reference rather than each part.
@MainActor
public final class OfferedCommands {
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
    /// What each alias stands for, by name.
    public let aliases: [String: String]
    /// Which making of what is offered this is: the same as the one before it when neither the
    /// top screen's title nor any command offered changed (`help` shows its kept text then).
    public let version: Int
    /// The screen this was worked out for, to see when the top is another.
    private weak var topScreen: (any HostedScreen)?
    /// The commands the top screen pushed, as it pushed them, to see when they change.
    private let ownCommands: [CommandDescription]
    /// The top screen's own commands by name, with those the flow leaves out of help (whose
    /// events lead nowhere): they still run when typed.
    private let ownByName: [String: CommandDescription]
    /// The session's part, made once per loading of the config.
    private let globalPart: OfferedGlobals
    /// The command the config adds to the top screen by a name, if any.
    private let configCommand: (String) -> CommandDescription?

    /// The session's global commands, in the order `help` lists them.
    public var globals: [GlobalCommand] { globalPart.commands }
    /// The values each setting takes, by name, for Tab after `set NAME`.
    public var settingValues: [String: [String]] { globalPart.settingValues }

    /// The commands offered on `top` (nil: no screen yet), its own as the flow offers them
    /// (`effective`), with the session's part, the config's commands on the top screen by name
    /// (`configCommand`) and the aliases. What `previous` worked out for the same screen is kept when the screen's
    /// commands are as they were: only what the screen shows is taken anew. `version` is this
    /// making's, unless nothing offered changed since `previous` (which keeps its version then).
    init(
        top: OpenScreen?, effective: (ViewProperties) -> ViewProperties, globals: OfferedGlobals,
        configCommand: @escaping (String) -> CommandDescription?, aliases: [String: String], aliasesChanged: Bool,
        previous: OfferedCommands?, version: Int
    ) {
        globalPart = globals
        self.configCommand = configCommand
        self.aliases = aliases
        topScreen = top?.screen
        let own = top?.screen.viewProperties
        ownCommands = own?.commands ?? []
        let sameScreen = previous.map { $0.topScreen != nil && $0.topScreen === top?.screen } ?? false
        // The same session's part is the same loading of the config: the same config commands.
        if let previous, sameScreen, previous.globalPart === globals, let own, previous.ownCommands == own.commands {
            var properties = own
            properties.commands = previous.screen?.commands ?? []
            screen = properties
            ownByName = previous.ownByName
            let unchanged = !aliasesChanged && previous.aliases == aliases && previous.screen?.title == properties.title
            self.version = unchanged ? previous.version : version
        } else {
            screen = own.map(effective)
            // By a loop: a closure made here, isolated to the main actor, checks its executor
            // at every call.
            var byName: [String: CommandDescription] = [:]
            byName.reserveCapacity(own?.commands.count ?? 0)
            for command in own?.commands ?? [] where byName[command.name] == nil { byName[command.name] = command }
            ownByName = byName
            self.version = version
        }
    }

    /// Whether this is still what is offered on `top`: worked out for that screen, which shows
    /// what it showed then, with the same session's part and aliases, none changed meanwhile.
    func areStillOffered(
        on top: (any HostedScreen)?, globals: OfferedGlobals, aliases: [String: String], aliasesChanged: Bool
    ) -> Bool {
        guard !aliasesChanged, globals === globalPart, let top, isFor(top), let screen else { return false }
        // What the screen shows is kept in `screen`, with the commands as the flow offers them;
        // the same values as the screen holds, as a rule, whose arrays compare by identity.
        let own = top.viewProperties
        return own.status == screen.status && own.title == screen.title && own.commands == ownCommands
            && own.content == screen.content && self.aliases == aliases
    }

    /// Whether this was worked out for the screen `top` (nil: none).
    func isFor(_ top: (any HostedScreen)?) -> Bool {
        topScreen === top && (topScreen != nil || top == nil)
    }

    /// What `name` runs here, if anything: a global command first, then the screen's own, then
    /// one the config adds (which may not have a name the screen's own has), then an alias (one
    /// kept from another flow may have a command's name).
    public func command(named name: String) -> Command? {
        if let global = globalPart.command(named: name) { return .global(global) }
        if let own = ownByName[name] { return .screen(own) }
        if let added = configCommand(name) { return .addedByConfig(added) }
        return aliases[name].map(Command.alias)
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
