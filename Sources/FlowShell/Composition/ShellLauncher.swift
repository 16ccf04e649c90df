import FlowCoordinator
import FlowShellKit
import Foundation
import LineEditor

/// The composition root of `flowshell run`: checks the flow, creates the stores, the flow
/// coordinator, the reader and the output, restores where the user was, watches the config,
/// and runs the REPL.
@MainActor
struct ShellLauncher {
    /// Exit status when the flow cannot be loaded or checked.
    static let configFailure: Int32 = 2

    /// What a replay puts in place of the terminal: scripted lines and a capturing output.
    struct ScriptedSession {
        let reader: LineReader
        let output: ShellOutput
    }

    let options: RunCommand
    let features: [any FeatureModule.Type]
    let environment: [String: String]
    let scripted: ScriptedSession?
    private let console: Console

    init(options: RunCommand, features: [any FeatureModule.Type], environment: [String: String],
         scripted: ScriptedSession? = nil, console: Console = StandardConsole()) {
        self.options = options
        self.features = features
        self.environment = environment
        self.scripted = scripted
        self.console = console
    }

    func run() async -> Int32 {
        Terminal.ignoreBrokenPipe()
        Terminal.useEnvironmentLocale()
        let interactive = scripted == nil && Terminal.isTerminal(STDIN_FILENO) && options.output == .text
        let colour = options.output == .text
            && options.color.allowsColour(stdoutIsTerminal: Terminal.isTerminal(STDOUT_FILENO), environment: environment)
        let styler = TextStyler(colour: colour)

        let source = options.options.source
        let check = FlowCheck(source: source, features: features)
        // Warnings are shown once, here; errors stop the shell before its first prompt.
        if !check.diagnostics.isEmpty {
            console.writeError(check.diagnostics.map(\.description).joined(separator: "\n") + "\n")
        }
        guard let manifest = check.runnableManifest else {
            if check.outcome != .unreadable {
                let count = check.errorCount
                console.writeError("\(check.fileName): the flow has \(count) error\(count == 1 ? "" : "s"); not starting\n")
            }
            return Self.configFailure
        }

        let stateFolder = StatePaths.directory(app: manifest.app, environment: environment).map { URL(fileURLWithPath: $0) }
        let dataFolder = options.dataDir ?? StatePaths.dataDirectory(app: manifest.app, environment: environment)
        let settings: SettingsDatabase?
        do {
            settings = try dataFolder.map { try SettingsDatabase(path: $0 + "/settings.sqlite") }
        } catch {
            console.writeError("error: cannot open the settings in \(dataFolder ?? ""): \(SystemError.describe(error))\n")
            return 1
        }
        let catalog = FeatureCatalog(features)
        let services = ServiceContainer()
        let environment = AppEnvironment(app: manifest.app, dataDirectory: dataFolder)
        do {
            try catalog.registerServices(loading: manifest.modules, in: services, environment: environment)
        } catch {
            let reason = UserFacingError.message(for: error)
            console.writeError("error: cannot set up the app's services: \(reason)\n")
            return 1
        }
        let flow = AppFlowCoordinator(manifest: manifest, catalog: catalog, services: services) { module in
            settings?.store(forModule: module) ?? MemoryKeyValueStore()
        }
        do {
            try await flow.start()
        } catch {
            let reason = UserFacingError.message(for: error)
            console.writeError("\(check.fileName): error: cannot open the root screen '\(manifest.root)': \(reason)\n")
            return 1
        }

        var output = scripted?.output ?? makeOutput(interactive: interactive, colour: colour)
        var recorder: SessionRecorder?
        if let path = options.record {
            do {
                recorder = try SessionRecorder(path: path, app: manifest.app)
            } catch {
                console.writeError("error: cannot record to \(path): \(error.localizedDescription)\n")
                return 2
            }
            if let recorder { output = RecordingOutput(base: output, record: recorder.records) }
        }
        let stateFile = (options.state.map { URL(fileURLWithPath: $0) } ?? stateFolder?.appendingPathComponent("navigation.json"))
            .map(NavigationStateFile.init)
        if !options.fresh, let stateFile {
            switch stateFile.load() {
            case .none: break
            case .unusable(let reason): output.notice(Notice(.warning, reason))
            case .snapshot(let snapshot): await flow.restore(snapshot).forEach(output.notice)
            }
        }
        var failures = 0
        if let link = options.open {
            let notices = await flow.open(link)
            notices.forEach(output.notice)
            failures += notices.filter { $0.style == .error }.count
            await flow.processEvents().forEach(output.notice)
        }

        var reader: LineReader
        if let scripted {
            reader = scripted.reader
        } else if interactive {
            console.write(styler.apply(.heading, "FlowShell \(FlowShellVersion.current)") + " — \(manifest.app), flow from \(source.description)\n")
            console.write(styler.apply(.message(.muted), "Type help for commands, Tab to complete, quit or Ctrl-D to leave.") + "\n")
            Terminal.installInterruptHandler()
            let completer: EditLineReader.Completer = { [weak flow] text in
                CompletionProvider.complete(text, screen: flow?.top?.screen.viewProperties,
                                            links: flow?.manifest.links.map(\.literalPrefix) ?? [])
            }
            guard let editor = EditLineReader(program: "flowshell", historyPath: historyPath(app: manifest.app), completer: completer) else {
                console.writeError("error: cannot start the line editor on this terminal\n")
                return 1
            }
            reader = editor
        } else {
            reader = PlainLineReader()
        }
        if let recorder { reader = RecordingLineReader(base: reader, recorder: recorder) }

        let watcher: ConfigWatcher?
        if scripted == nil, case .file(let path) = source {
            watcher = ConfigWatcher(path: path) { if interactive { EditLineReader.wake() } }
        } else {
            watcher = nil
        }
        var lastSaved = flow.snapshot
        var saveFailed = false
        let hooks = ShellHooks(
            reloadFlow: { [features] in
                await Self.reload(flow, from: source, features: features, environment: environment)
            },
            configChanged: { watcher?.takeChange() ?? false },
            afterCommand: {
                let snapshot = flow.snapshot
                guard snapshot != lastSaved, let stateFile else { return }
                do {
                    try stateFile.save(snapshot)
                    lastSaved = snapshot
                } catch where !saveFailed {
                    saveFailed = true
                    output.notice(Notice(.warning, "cannot save where you are to \(stateFile.url.path): \(error.localizedDescription)"))
                } catch {}
            }
        )
        let shell = Shell(flow: flow, reader: reader, output: output, interactive: interactive, colour: colour,
                          takeInterrupt: { Terminal.takeInterrupt() }, hooks: hooks)
        hooks.afterCommand()
        failures += await shell.run()
        return interactive || failures == 0 ? 0 : 1
    }

    private func makeOutput(interactive: Bool, colour: Bool) -> ShellOutput {
        switch options.output {
        case .text:
            // A terminal that cannot say its width is taken at COLUMNS, else 80.
            let columns = Int(environment["COLUMNS"] ?? "")
            return TextOutput(console: console, interactive: interactive, colour: colour) {
                Terminal.width() ?? columns ?? 80
            }
        case .json:
            return JSONLinesOutput(console: console)
        }
    }

    private func historyPath(app: String) -> String? {
        if options.noHistory { return nil }
        if let history = options.history { return history }
        do {
            return try StatePaths.historyFile(app: app, environment: environment)
        } catch {
            console.writeError("warning: history will not be saved: \(error.localizedDescription)\n")
            return nil
        }
    }

    /// Checks the config again; a sound one replaces the running flow, a broken one is
    /// reported in full and the running flow stays.
    static func reload(_ flow: AppFlowCoordinator, from source: ConfigSource, features: [any FeatureModule.Type],
                       environment: AppEnvironment) async -> [Notice] {
        let check = FlowCheck(source: source, features: features)
        guard let manifest = check.runnableManifest else {
            return check.diagnostics.filter { $0.severity == .error }.map { Notice(.error, $0.description) }
                + [Notice(.warning, "\(check.fileName) has errors; the flow that was running goes on")]
        }
        guard manifest != flow.manifest else { return [] }
        let catalog = FeatureCatalog(features)
        do {
            try catalog.registerServices(loading: manifest.modules, in: flow.services, environment: environment)
        } catch {
            let reason = UserFacingError.message(for: error)
            return [Notice(.error, "cannot set up the services of the new flow: \(reason)"),
                    Notice(.warning, "the flow that was running goes on")]
        }
        let warnings = check.diagnostics.map { Notice(.warning, $0.description) }
        return warnings + (await flow.reload(manifest, catalog: catalog))
            + [Notice(.success, "reloaded \(check.fileName)")]
    }
}
