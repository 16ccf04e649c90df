import FlowCoordinator
import FlowManifest
import FlowShellKit

/// The session core: runs one typed line against a running flow — the one router of lines of
/// every front end (the terminal, the browser, SSH, the harnesses, `replay`). A line passes its
/// chain of ``LineHandler``s (the core's length bound and history recall, the front end's, the
/// capabilities', the core's alias expansion), then is tokenized, looked up in what the session
/// offers, and run: a global command or the top screen's; the events it emitted are routed and what
/// changed is pushed to the View (``SessionView``). Its global commands are the core's
/// (``CoreCommands``), which touch only the session, and those of the capabilities its front
/// end composed it with (``SessionCapability``): what reaches the machine is only ever added.
/// Commands, capabilities and handlers see it only through its ``SessionContext``.
@MainActor
public final class Session {
    /// What to do after a line.
    public enum Step: Equatable, Sendable {
        /// Read the next line.
        case next
        /// Leave, with this exit status when one was given (`quit 3`).
        case quit(Int32?)
    }

    /// The running flow.
    public let runtime: FlowRuntime
    /// The View, which a line's redirection points elsewhere while it runs.
    package let output: RedirectableOutput
    let supervisor: CommandSupervisor
    let topView: TopScreenView
    /// The session's global commands: the core's, with its capabilities' after them.
    let globals: [GlobalCommand]
    /// What every line passes through before the core runs it.
    private let handlers: [any LineHandler]
    /// The narrow face commands and handlers see.
    private(set) lazy var context = SessionContext(session: self)
    /// Lists a folder's names for Tab on a path, when a capability reaches files.
    let listFolder: (@Sendable (String) -> [String])?
    /// How many lines have failed so far.
    public internal(set) var failures = 0
    /// Why the last line's command failed, when it did (not navigation's messages): what a
    /// harness throws.
    public internal(set) var commandFailure: String?
    /// Put before every error and warning of the current line (`line 3: `, in a script).
    public var linePrefix: String?
    /// Sees every event a screen emits, before it is routed (the feature harness records them).
    public var onEvents: ([FeatureEvent]) -> Void = { _ in }
    /// Keeps the lines run in this session, for `history` and `!N`: the first handler after the bound.
    let recall = HistoryRecall()
    /// What `set` changed, kept per app.
    package var settings: ShellSettings
    /// The session's aliases, which its ``AliasExpansion`` keeps and expands.
    package var aliases: ShellAliases {
        get { aliasing.aliases }
        set {
            aliasing.aliases = newValue
            offeredIsCurrent = false
            aliasesChanged = true
        }
    }
    /// Runs what an alias stands for: the last of the chain's handlers.
    private let aliasing: AliasExpansion

    /// The name of the command `line` runs: its first word, or the first of what its alias makes
    /// of it; nil when it cannot be read or has none. An alias that cannot be expanded (its `{N}`
    /// words are missing) answers with its own name: no command runs then, since the alias
    /// expansion refuses the line. What a front end that treats some commands apart (an agent's,
    /// which asks its person first) asks, rather than reading aliases its own way.
    package func commandName(of line: String) -> String? {
        guard let expansion = try? aliasing.expansion(of: line, offered: offered) else {
            return (try? CommandLineTokenizer.words(of: line))?.first
        }
        return expansion.words.first
    }
    /// Whether the last line was a `quit` refused inside a modal layer (the next one leaves).
    var quitAsked = false
    /// Whether a person is at a terminal (the REPL sets it); scripts never confirm.
    public var interactive = false
    /// Runs a script's lines, keeping how deep scripts nest and whether their lines are remembered.
    package let scripts = ScriptRunner()
    /// Whether ``cancelForegroundCommand()`` was called during the current line: a script it
    /// runs stops there.
    var interrupted = false
    /// The values modules offer for their link parameters (`plate`), by parameter, for Tab.
    package var linkParameterValues: [String: [String]] = [:]
    /// The commands offered last worked out, kept whole; whether nothing they come from changed
    /// since (else they are worked out again from what is still current of them).
    private var offeredNow: OfferedCommands?
    private var offeredIsCurrent = false
    /// Those worked out for the top before the top changed: going back to it (`back`), what is
    /// offered is taken from them, not worked out again, when its commands are as they were.
    private var offeredBefore: OfferedCommands?
    /// How many times what is offered was worked out: each making's version.
    private var offeredMakings = 0
    /// Whether an alias changed since the commands offered were worked out.
    private var aliasesChanged = false
    /// The session's part of what is offered, for the flow's loading of the config it was made for.
    private var offeredGlobals: OfferedGlobals?
    /// The help listing last shown, with the version of what was offered then.
    var keptHelp: (version: Int, listing: HelpListing)?

    /// A session on `runtime` that pushes to `output`, with the core's global commands and
    /// those of `capabilities`, its lines passing `handlers` (a server's guards) after the
    /// core's own. `cancellable` when something (the terminal's Ctrl-C, a page that goes away)
    /// may cancel a line that runs (a ``SessionInput/cancel(id:)`` fed to its loop);
    /// `showsProgress` asks for a progress line when a command runs long.
    public init(
        runtime: FlowRuntime, output: SessionView, capabilities: [SessionCapability] = [],
        handlers: [any LineHandler] = [], cancellable: Bool = false, showsProgress: Bool = false
    ) {
        self.runtime = runtime
        let output = RedirectableOutput(base: output)
        self.output = output
        supervisor = CommandSupervisor(
            cancellable: cancellable,
            showProgress: showsProgress ? { [weak output] in output?.progress($0) } : nil)
        topView = TopScreenView(flow: runtime.flow, output: output)
        topView.showsProgress = showsProgress
        globals = Self.globals(composing: capabilities)
        var destinations: [RedirectionOperator: OutputDestination] = [:]
        for capability in capabilities {
            destinations.merge(capability.destinations) { first, _ in first }
        }
        aliasing = AliasExpansion(aliases: ShellAliases(store: runtime.shellStore))
        var chain: [any LineHandler] = [LineLengthBound(), recall] + handlers
        if !destinations.isEmpty { chain.append(OutputRedirecting(destinations: destinations)) }
        self.handlers = chain + [aliasing]
        listFolder = capabilities.lazy.compactMap(\.listFolder).first
        settings = ShellSettings(store: runtime.shellStore)
        output.apply(settings)
        topView.session = self
    }

    /// The global commands of a session composed with `capabilities`, in the order `help` lists
    /// them: the core's (with the options the capabilities add to them), with the capabilities'
    /// before `wait`, `quit` and `exit`. A name is the core's, else the first capability's that adds it.
    package static func globals(composing capabilities: [SessionCapability]) -> [GlobalCommand] {
        var names = Set(CoreCommands.all.map(\.name))
        var added: [GlobalCommand] = []
        for command in capabilities.flatMap(\.commands) where names.insert(command.name).inserted {
            added.append(command)
        }
        // A core command takes the options its session's capabilities add to it.
        let options = capabilities.flatMap(\.options)
        let extended = { (command: GlobalCommand) in
            options.filter { $0.command == command.name }.reduce(command) { $1.extending($0) }
        }
        return CoreCommands.first.map(extended) + added + CoreCommands.last.map(extended)
    }

    /// Cancels what runs now, and only that (Ctrl-C): the command in the foreground, and the
    /// rest of a script that runs (`run FILE`). Nothing later is affected.
    package func cancelForegroundCommand() {
        interrupted = true
        supervisor.cancel()
    }

    /// A Ctrl-C that came while the line ran was taken by a program it ran in the foreground
    /// (an editor): it stops nothing of the session's.
    package func interruptTaken() {
        interrupted = false
    }

    package var flow: AppFlowCoordinator { runtime.flow }

    /// Called when the top screen changed by itself (no line running), after it was shown: the
    /// prompt, which names the open screens, may need drawing again.
    public var onUpdateByItself: () -> Void {
        get { topView.onUpdateByItself }
        set { topView.onUpdateByItself = newValue }
    }

    /// Shows the top screen on the View if it is not shown there yet.
    public func showTop() {
        topView.showTop()
    }

    // MARK: - The commands offered now

    /// The commands offered now: worked out again only when the top screen, what it shows, the
    /// config or an alias changed, and then only in the parts that changed.
    package var offered: OfferedCommands {
        if offeredIsCurrent, let offeredNow, offeredNow.isFor(flow.topScreen) { return offeredNow }
        let flow = self.flow
        let top = flow.top
        let generation = flow.generation
        let globalPart: OfferedGlobals
        if let kept = offeredGlobals, kept.generation == generation {
            globalPart = kept
        } else {
            // `set` names the settings of the modules the flow loads now.
            globalPart = OfferedGlobals(globals: globals, settings: allSettings, generation: generation)
            offeredGlobals = globalPart
        }
        let topChanged = offeredNow?.isFor(top?.screen) == false
        let previous = topChanged && offeredBefore?.isFor(top?.screen) == true ? offeredBefore : offeredNow
        let made: OfferedCommands
        // Back to a screen that shows what it showed when they were worked out, they are still
        // offered (the same top pushes what it shows only when that changed).
        if topChanged, let previous,
            previous.areStillOffered(on: top?.screen, globals: globalPart, aliases: aliases.lines, aliasesChanged: aliasesChanged)
        {
            made = previous
        } else {
            offeredMakings += 1
            made = OfferedCommands(
                top: top, effective: { properties in top.map { flow.effective(properties, of: $0) } ?? properties },
                globals: globalPart, configCommand: { name in top.flatMap { flow.configCommand(named: name, on: $0) } },
                aliases: aliases.lines, aliasesChanged: aliasesChanged, previous: previous, version: offeredMakings)
        }
        if topChanged { offeredBefore = offeredNow }
        offeredNow = made
        offeredIsCurrent = true
        aliasesChanged = false
        return made
    }

    /// The top screen pushed what it shows, or the flow changed: what is offered is worked out
    /// again when next asked.
    func offeredMayHaveChanged() {
        offeredIsCurrent = false
    }

    /// What the top screen shows, as the flow offers it (with the commands the config adds to it).
    public var topProperties: ViewProperties? {
        offered.screen
    }

    /// The descriptions of the session's global commands, in the order `help` lists them: what
    /// a front end tells its client the session has.
    public var globalCommands: [CommandDescription] {
        offered.globals.map(\.description)
    }

    // MARK: - Running a line

    /// Runs one line through the session's handlers and pushes its results to the View: a line
    /// its ``SessionLoop`` runs, or one a script or a command runs within it (a front end feeds
    /// its lines to the loop; a command runs one through ``SessionContext/run(_:)``).
    package func run(_ line: String) async -> Step {
        commandFailure = nil
        let step = await passed(line, from: 0)
        if case .quit = step {} else { quitAsked = false }
        return step
    }

    /// Hands `line` to the handler at `index` of the chain, and after the last to the core.
    private func passed(_ line: String, from first: Int) async -> Step {
        var index = first
        var line = line
        while index < handlers.count, let passed = handlers[index].passesAtOnce(line, in: context) {
            line = passed
            index += 1
        }
        guard index < handlers.count else { return await runCommand(line) }
        return await handlers[index].handle(line, in: context) { line in await self.passed(line, from: index + 1) }
    }

    /// The core of the chain: tokenizes `commandText`, looks its first word up in what the
    /// session offers, and runs it.
    private func runCommand(_ commandText: String) async -> Step {
        let offered = self.offered
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(of: commandText)
        } catch {
            fail("cannot read that line: \(error.message)")
            return .next
        }
        guard let first = words.first else { return .next }
        // `?`, `? CMD`, `?CMD` and `CMD?` ask for help, as in cmd2 and IPython (a command of
        // that name, if any, runs instead).
        let command = offered.command(named: first)
        if command == nil, let asked = Self.helpAsked(words) {
            showHelp(for: asked)
            return .next
        }
        // The text as typed is read only for the commands that take it so (`alias`, `shell`).
        var text = ""
        if case .global(let global) = command, global.takesLineAsTyped {
            text = Self.textAfterFirstWord(of: commandText)
        }
        return await run(words: words, text: text, command: command)
    }

    /// The text after a line's first word, as it was typed.
    nonisolated static func textAfterFirstWord(of line: String) -> String {
        var rest: Substring = line.drop(while: \.isWhitespace)
        rest = rest.drop(while: { !$0.isWhitespace }).drop(while: \.isWhitespace)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        return String(rest)
    }

    /// Runs the words of one line, whose first names `command` here: a command's help, a global
    /// command, a command the config adds to the top screen, or the top screen's own. `text` is
    /// what follows the command's name as typed, for a global command that takes its line so
    /// (empty for the others).
    func run(words: [String], text: String, command: OfferedCommands.Command?) async -> Step {
        guard let name = words.first else { return .next }
        let arguments = Array(words.dropFirst())
        if arguments.count == 1, arguments[0] == "--help" || arguments[0] == "-h", let description = command?.description {
            output.usage(CommandUsage(description))
            return .next
        }
        switch command {
        case .global(let global):
            do {
                // A command that takes its line as typed reads it as one word, never as options.
                let words = global.takesLineAsTyped ? ["--"] + (text.isEmpty ? [] : [text]) : arguments
                let call = GlobalCommand.Call(
                    arguments: try ParsedArguments(words, for: global.description), text: text,
                    described: global.description)
                return await global.perform(context, call)
            } catch {
                fail(UserFacingError.message(for: error))
                return .next
            }
        case .addedByConfig(let description):
            do {
                _ = try ParsedArguments(arguments, for: description)
            } catch {
                fail(UserFacingError.message(for: error))
                return .next
            }
            await supervised { await self.flow.runCommand(name) ?? [] }
            return .next
        case .screen:
            // The hosted screen alone: its `OpenScreen` would be copied at each use.
            guard let screen = flow.topScreen else { break }
            let updatesBefore = topView.updates
            let failuresBefore = failures
            var emitted = false
            await supervised {
                let events = try await screen.perform(name, arguments: arguments)
                emitted = !events.isEmpty
                self.onEvents(events)
                self.flow.enqueue(events, from: screen)
                return []
            }
            // Silence would look like nothing happened, or like it did: say which.
            if !emitted, failures == failuresBefore, topView.updates == updatesBefore, flow.topScreen === screen {
                output.notice(Notice(.muted, "nothing changed"))
            }
            return .next
        case .alias, nil:
            break
        }
        let message = unknownCommand(name)
        commandFailure = message
        fail(message)
        return .next
    }

    /// Reads the config again and applies it; what changed is shown.
    package func reload() async {
        let notices = await runtime.reload()
        offeredMayHaveChanged()
        notices.forEach(show)
        topView.follow()
    }

}
