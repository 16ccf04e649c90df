import ArgumentParser
import FlowCoordinator
import FlowShellKit
import Foundation
import LineEditor

/// `flowshell [run] [--config PATH] [--history PATH]`: checks the flow, then runs the REPL.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the flow at the prompt (the default command)."
    )

    @Option(name: .long, help: ArgumentHelp("The flow to run (default: ./config.json, else the built-in flow).", valueName: "PATH"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The history file (default: $XDG_STATE_HOME/flowshell/<app>/history).", valueName: "PATH"))
    var history: String?

    @Flag(name: .long, help: "Keep no history file.")
    var noHistory = false

    /// Exit status when the flow cannot be loaded or checked.
    static let configFailure: Int32 = 2

    /// Runs the shell with the linked feature modules; returns the process's exit status.
    @MainActor
    func execute(features: [any FeatureModule.Type], environment: [String: String]) async -> Int32 {
        let console = StandardConsole()
        Terminal.ignoreBrokenPipe()
        Terminal.useEnvironmentLocale()
        let interactive = Terminal.isTerminal(STDIN_FILENO)
        let colour = Terminal.isTerminal(STDOUT_FILENO) && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        let styler = TextStyler(colour: colour)

        let source = ConfigSource.resolve(explicitPath: config)
        let fileName = source.fileName
        var diagnostics: [Diagnostic]
        var loaded: Manifest?
        do {
            let manifest = try source.load()
            let validator = ManifestValidator(catalog: FeatureCatalog(features), globalCommands: GlobalCommand.names)
            diagnostics = validator.validate(manifest, file: fileName)
            loaded = manifest
        } catch {
            guard case .invalid(let found) = error else {
                console.writeError(error.messages.joined(separator: "\n") + "\n")
                return Self.configFailure
            }
            diagnostics = found
        }
        if !diagnostics.isEmpty {
            console.writeError(diagnostics.map(\.description).joined(separator: "\n") + "\n")
        }
        guard let manifest = loaded, !diagnostics.containsError else {
            let count = diagnostics.filter { $0.severity == .error }.count
            console.writeError("\(fileName): the flow has \(count) error\(count == 1 ? "" : "s"); not starting\n")
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
        if interactive {
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
        let shell = Shell(
            flow: flow, reader: reader, console: console, interactive: interactive, colour: colour,
            width: { Terminal.width() ?? columns ?? 80 },
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
