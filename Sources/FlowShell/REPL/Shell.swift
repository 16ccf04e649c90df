import FlowCoordinator
import FlowShellKit
import LineEditor

/// The REPL: the View of the running flow. It shows the top screen, reads a line, runs a
/// global command or one of the screen's commands, routes the events that produced, and shows
/// what changed. Nothing a user types ends it but `quit`, `exit` or the end of input.
@MainActor
final class Shell {
    private let flow: AppFlowCoordinator
    private let reader: LineReader
    private let console: Console
    private let interactive: Bool
    private var renderer: ScreenRenderer
    private let width: () -> Int
    private let takeInterrupt: @Sendable () -> Bool
    private var lastShown: (screen: ObjectIdentifier, properties: ViewProperties)?
    private var failures = 0

    /// - Parameters:
    ///   - interactive: a person at a terminal (prompt shown), or a script (no prompt noise,
    ///     errors counted for the exit status).
    ///   - takeInterrupt: whether Ctrl-C was pressed since the last call; polled while a
    ///     command runs, to cancel it.
    init(
        flow: AppFlowCoordinator,
        reader: LineReader,
        console: Console,
        interactive: Bool,
        colour: Bool,
        width: @escaping () -> Int,
        takeInterrupt: @escaping @Sendable () -> Bool
    ) {
        self.flow = flow
        self.reader = reader
        self.console = console
        self.interactive = interactive
        self.renderer = ScreenRenderer(width: width(), styler: TextStyler(colour: colour))
        self.width = width
        self.takeInterrupt = takeInterrupt
    }

    /// Runs until `quit`, `exit` or the end of input; returns how many commands failed.
    func run() async -> Int {
        showTopIfChanged()
        while true {
            let prompt = interactive ? PromptBuilder.prompt(layers: flow.router.layers, styler: renderer.styler) : ""
            switch reader.readLine(prompt: prompt) {
            case .end:
                if interactive { console.write("\n") }
                return failures
            case .interrupted:
                // The abandoned line stays visible; the fresh prompt goes below it.
                console.write("\n")
            case .line(let line):
                reader.remember(line)
                if await execute(line) == .quit {
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
        renderer.width = width()

        if let global = GlobalCommand(rawValue: name) {
            return await run(global, arguments: arguments)
        }
        guard let screen = flow.top?.screen, let command = screen.viewProperties.command(named: name) else {
            fail("unknown command '\(name)' here — try help")
            return .next
        }
        await runCancellable {
            try await command.handler(CommandArguments(usage: command.usage, values: arguments))
        }
        return .next
    }

    // MARK: - Global commands

    private func run(_ command: GlobalCommand, arguments: [String]) async -> Step {
        let expected = command == .help ? 1 : 0
        guard arguments.count <= expected else {
            fail("too many arguments — usage: \(command.usage)")
            return .next
        }
        switch command {
        case .help:
            showHelp(for: arguments.first)
        case .back:
            if let notice = flow.back() { show(notice) }
            showTopIfChanged()
        case .home:
            flow.home()
            showTopIfChanged()
        case .where:
            showStack()
        case .quit, .exit:
            return .quit
        }
        return .next
    }

    private func showHelp(for name: String?) {
        let screen = flow.top?.screen.viewProperties
        let commands = screen?.commands ?? []
        if let name {
            if let command = commands.first(where: { $0.name == name }) {
                var text = "usage: \(command.usage)\n  \(command.summary)\n"
                for argument in command.arguments where !argument.values.isEmpty {
                    text += "  \(argument.name): \(argument.values.joined(separator: ", "))\n"
                }
                console.write(text)
            } else if let global = GlobalCommand(rawValue: name) {
                console.write("usage: \(global.usage)\n  \(global.summary)\n")
            } else {
                fail("no command '\(name)' here — try help")
            }
            return
        }
        let globalRows = GlobalCommand.allCases.map { ($0.usage, $0.summary) }
        let screenRows = commands.map { ($0.usage, $0.summary) }
        let usageWidth = (globalRows + screenRows).map { DisplayWidth.of($0.0) }.max() ?? 0
        func section(_ title: String, _ rows: [(String, String)]) -> String {
            renderer.styler.apply(.heading, title) + "\n"
                + rows.map { "  \(DisplayWidth.pad($0.0, to: usageWidth))  \($0.1)\n" }.joined()
        }
        var text = ""
        if !screenRows.isEmpty {
            text += section("Commands on this screen (\(screen?.title ?? "")):", screenRows)
        }
        text += section("Global commands:", globalRows)
        console.write(text)
    }

    private func showStack() {
        var lines: [String] = []
        for (depth, coordinator) in flow.coordinators.enumerated() {
            let title = coordinator.screen.viewProperties.title
            let marker = coordinator.presentation == .presented ? " [modal]" : ""
            let input = coordinator.input.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let details = ([coordinator.featureID] + input).joined(separator: ", ")
            lines.append("\(depth + 1). \(title)\(marker) (\(details))")
        }
        console.write(lines.joined(separator: "\n") + "\n")
    }

    // MARK: - Running and showing

    /// Runs a command's work and the navigation it causes as one task that Ctrl-C cancels.
    private func runCancellable(_ work: @escaping @MainActor () async throws -> Void) async {
        let flow = self.flow
        let task = Task { @MainActor [weak self] () -> Result<[Notice], any Error> in
            do {
                try await work()
                // What the command did to its own screen shows before any navigation.
                self?.showTopIfChanged()
                return .success(await flow.processEvents())
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
        let result = await task.value
        watcher.cancel()
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
        guard let screen = flow.top?.screen else { return }
        let identity = ObjectIdentifier(screen)
        let properties = screen.viewProperties
        if let lastShown, lastShown.screen == identity, lastShown.properties == properties {
            return
        }
        lastShown = (identity, properties)
        console.write((interactive ? "\n" : "") + renderer.render(properties))
    }

    private func show(_ notice: Notice) {
        if notice.style == .error {
            fail(notice.text)
        } else {
            let text = renderer.render(.message(notice.style, notice.text)).joined(separator: "\n") + "\n"
            if notice.style == .warning { console.writeError(text) } else { console.write(text) }
        }
    }

    private func fail(_ message: String) {
        failures += 1
        let text = renderer.render(.message(.error, message)).joined(separator: "\n") + "\n"
        console.writeError(text)
    }
}
