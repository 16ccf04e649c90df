import FlowCoordinator
import FlowShellKit
import LineEditor

/// The REPL: the View of the running flow. It shows the top screen, reads a line, runs a
/// global command or one of the screen's commands, routes the events that produced, and shows
/// what changed. Nothing a user types ends it but `quit`, `exit` or the end of input.
@MainActor
final class Shell {
    /// How long a command runs before its progress shows.
    static let progressDelay = Duration.milliseconds(100)

    private let flow: AppFlowCoordinator
    private let reader: LineReader
    private let output: ShellOutput
    private let interactive: Bool
    private let promptStyler: TextStyler
    private let takeInterrupt: @Sendable () -> Bool
    private let hooks: ShellHooks
    private var lastShown: (screen: ObjectIdentifier, properties: ViewProperties)?
    private var failures = 0

    /// - Parameters:
    ///   - interactive: a person at a terminal (prompt shown), or a script (no prompt noise).
    ///   - takeInterrupt: whether Ctrl-C was pressed since the last call; polled while a
    ///     command runs, to cancel it.
    init(
        flow: AppFlowCoordinator,
        reader: LineReader,
        output: ShellOutput,
        interactive: Bool,
        colour: Bool,
        takeInterrupt: @escaping @Sendable () -> Bool,
        hooks: ShellHooks = ShellHooks()
    ) {
        self.flow = flow
        self.reader = reader
        self.output = output
        self.interactive = interactive
        self.promptStyler = TextStyler(colour: colour)
        self.takeInterrupt = takeInterrupt
        self.hooks = hooks
    }

    /// Runs until `quit`, `exit` or the end of input; returns how many commands failed.
    func run() async -> Int {
        showTopIfChanged()
        while true {
            if hooks.configChanged() {
                await reloadFlow()
            }
            let prompt = interactive ? PromptBuilder.prompt(layers: flow.router.layers, styler: promptStyler) : ""
            switch reader.readLine(prompt: prompt) {
            case .end:
                output.endOfInput()
                return failures
            case .interrupted:
                output.lineCancelled()
            case .woken:
                // The config changed while the prompt was shown; the typed text comes back.
                output.lineCancelled()
            case .line(let line):
                reader.remember(line)
                let step = await execute(line)
                hooks.afterCommand()
                if step == .quit {
                    return failures
                }
            }
        }
    }

    enum Step: Equatable {
        case next, quit
    }

    /// Runs one typed line and shows its result.
    func execute(_ line: String) async -> Step {
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(of: line)
        } catch {
            fail("cannot read that line: \(error.message)")
            return .next
        }
        guard let name = words.first else { return .next }
        let arguments = Array(words.dropFirst())

        if let global = GlobalCommand(rawValue: name) {
            return await run(global, arguments: arguments)
        }
        guard let screen = flow.top?.screen, let command = screen.viewProperties.command(named: name) else {
            fail("unknown command '\(name)' here — try help")
            return .next
        }
        await runCancellable {
            try await command.handler(CommandArguments(usage: command.usage, values: arguments))
            return []
        }
        return .next
    }

    // MARK: - Global commands

    private func run(_ command: GlobalCommand, arguments: [String]) async -> Step {
        let expected = command == .help || command == .open ? 1 : 0
        guard arguments.count <= expected else {
            fail("too many arguments — usage: \(command.usage)")
            return .next
        }
        switch command {
        case .help:
            showHelp(for: arguments.first)
        case .back:
            let flow = self.flow
            await runCancellable { await flow.back() }
        case .open:
            guard let link = arguments.first else {
                fail("missing LINK — usage: \(command.usage)")
                return .next
            }
            let flow = self.flow
            await runCancellable { await flow.open(link) }
        case .reload:
            await reloadFlow()
        case .home:
            flow.home()
            showTopIfChanged()
        case .where:
            output.stack(stack)
        case .quit, .exit:
            return .quit
        }
        return .next
    }

    private func showHelp(for name: String?) {
        let screen = flow.top?.screen.viewProperties
        let commands = screen?.commands ?? []
        guard let name else {
            output.help(HelpListing(
                screenTitle: screen?.title ?? "",
                screenCommands: commands.map(CommandUsage.init),
                globalCommands: GlobalCommand.allCases.map(CommandUsage.init)))
            return
        }
        if let command = commands.first(where: { $0.name == name }) {
            output.usage(CommandUsage(command))
        } else if let global = GlobalCommand(rawValue: name) {
            output.usage(CommandUsage(global))
        } else {
            fail("no command '\(name)' here — try help")
        }
    }

    private var stack: [StackEntry] {
        flow.coordinators.map {
            StackEntry(screen: $0.featureID, title: $0.screen.viewProperties.title,
                       modal: $0.presentation == .presented, input: $0.input.values)
        }
    }

    // MARK: - Running and showing

    private func reloadFlow() async {
        let notices = await hooks.reloadFlow()
        notices.forEach(show)
        showTopIfChanged()
    }

    /// Runs a command's work and the navigation it causes as one task that Ctrl-C cancels,
    /// with a progress line when it takes a while.
    private func runCancellable(_ work: @escaping @MainActor () async throws -> [Notice]) async {
        let flow = self.flow
        let task = Task { @MainActor [weak self] () -> Result<[Notice], any Error> in
            do {
                let notices = try await work()
                // What the command did to its own screen shows before any navigation.
                self?.output.progress(false)
                self?.showTopIfChanged()
                return .success(notices + (await flow.processEvents()))
            } catch {
                // Events emitted before the failure still route.
                _ = await flow.processEvents()
                return .failure(error)
            }
        }
        let takeInterrupt = self.takeInterrupt
        _ = takeInterrupt()  // A Ctrl-C from before this command is not meant for it.
        let watcher = Task.detached {
            while !Task.isCancelled {
                if takeInterrupt() {
                    task.cancel()
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        let progress = Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.progressDelay)
            if !Task.isCancelled { self?.output.progress(true) }
        }
        let result = await task.value
        progress.cancel()
        watcher.cancel()
        output.progress(false)
        switch result {
        case .success(let notices):
            notices.forEach(show)
            showTopIfChanged()
        case .failure(let error):
            showTopIfChanged()
            if error is CancellationError || task.isCancelled {
                show(Notice(.warning, "cancelled"))
            } else if let error = error as? UserFacingError {
                fail(error.message)
            } else {
                fail("the command failed: \(error)")
            }
        }
    }

    /// Shows the top screen when it is a different screen or shows something new.
    private func showTopIfChanged() {
        guard let top = flow.top else { return }
        let identity = ObjectIdentifier(top.screen)
        let properties = top.screen.viewProperties
        if let lastShown, lastShown.screen == identity, lastShown.properties == properties {
            return
        }
        lastShown = (identity, properties)
        output.screen(ScreenSnapshot(featureID: top.featureID, properties: properties, stack: stack))
    }

    private func show(_ notice: Notice) {
        if notice.style == .error { failures += 1 }
        output.notice(notice)
    }

    private func fail(_ message: String) {
        show(Notice(.error, message))
    }
}
