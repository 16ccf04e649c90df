import ArgumentParser
import FlowCoordinator
import FlowShellKit
import Foundation
import LineEditor

/// `flowshell [run] [--config PATH] [--history PATH]`: checks the flow, then runs the REPL.
struct RunCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the flow at the prompt (the default command)."
    )

    @OptionGroup var options: ConfigOption

    @Option(name: .long, help: ArgumentHelp("The history file (default: $XDG_STATE_HOME/flowshell/<app>/history).", valueName: "PATH"))
    var history: String?

    @Flag(name: .long, help: "Keep no history file.")
    var noHistory = false

    @Option(help: "Colour and text attributes: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.")
    var color: ColourPolicy = .auto

    @Option(help: "text for people, or json: one JSON line per screen update on stdout and per error on stderr.")
    var output: OutputFormat = .text

    /// Exit status when the flow cannot be loaded or checked.
    static let configFailure: Int32 = 2

    /// Runs the shell with the linked feature modules; returns the process's exit status.
    @MainActor
    func execute(features: [any FeatureModule.Type], environment: [String: String]) async -> Int32 {
        let console = StandardConsole()
        Terminal.ignoreBrokenPipe()
        Terminal.useEnvironmentLocale()
        let interactive = Terminal.isTerminal(STDIN_FILENO)
        let colour = output == .text && color.allowsColour(stdoutIsTerminal: Terminal.isTerminal(STDOUT_FILENO), environment: environment)
        let styler = TextStyler(colour: colour)

        let source = options.source
        let fileName = source.fileName
        let check = FlowCheck(source: source, features: features)
        // Warnings are shown once, here; errors stop the shell before its first prompt.
        if !check.diagnostics.isEmpty {
            console.writeError(check.diagnostics.map(\.description).joined(separator: "\n") + "\n")
        }
        guard let manifest = check.runnableManifest else {
            if check.outcome != .unreadable {
                let count = check.errorCount
                console.writeError("\(fileName): the flow has \(count) error\(count == 1 ? "" : "s"); not starting\n")
            }
            return Self.configFailure
        }

        let flow = AppFlowCoordinator(manifest: manifest, catalog: FeatureCatalog(features))
        do {
            try await flow.start()
        } catch {
            let reason = (error as? UserFacingError)?.message ?? "\(error)"
            console.writeError("\(fileName): error: cannot open the root screen '\(manifest.root)': \(reason)\n")
            return 1
        }

        let reader: LineReader
        if interactive && output == .text {
            console.write(styler.apply(.heading, "FlowShell \(FlowShellVersion.current)") + " — \(manifest.app), flow from \(source.description)\n")
            console.write(styler.apply(.message(.muted), "Type help for commands, Tab to complete, quit or Ctrl-D to leave.") + "\n")
            let historyPath = resolveHistory(app: manifest.app, environment: environment, console: console)
            Terminal.installInterruptHandler()
            let completer: EditLineReader.Completer = { [weak flow] text in
                CompletionProvider.complete(text, screen: flow?.top?.screen.viewProperties)
            }
            guard let editor = EditLineReader(program: "flowshell", historyPath: historyPath, completer: completer) else {
                console.writeError("error: cannot start the line editor on this terminal\n")
                return 1
            }
            reader = editor
        } else {
            reader = PlainLineReader()
        }

        let columns = Int(environment["COLUMNS"] ?? "")
        let shellOutput: ShellOutput
        switch output {
        case .text:
            // A terminal that cannot say its width is taken at COLUMNS, else 80.
            shellOutput = TextOutput(console: console, interactive: interactive, colour: colour) {
                Terminal.width() ?? columns ?? 80
            }
        case .json:
            shellOutput = JSONLinesOutput(console: console)
        }
        let shell = Shell(
            flow: flow, reader: reader, output: shellOutput, interactive: interactive && output == .text, colour: colour,
            takeInterrupt: { Terminal.takeInterrupt() }
        )
        let failures = await shell.run()
        return interactive || failures == 0 ? 0 : 1
    }

    @MainActor
    private func resolveHistory(app: String, environment: [String: String], console: Console) -> String? {
        if noHistory { return nil }
        if let history { return history }
        do {
            return try StatePaths.historyFile(app: app, environment: environment)
        } catch {
            console.writeError("warning: history will not be saved: \(error.localizedDescription)\n")
            return nil
        }
    }
}
