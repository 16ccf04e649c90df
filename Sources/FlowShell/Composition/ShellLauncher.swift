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

    /// Why the launch stopped before the REPL, with the process's exit status; the message has
    /// been written.
    private struct Stop: Error {
        let status: Int32
    }

    func run() async -> Int32 {
        Terminal.ignoreBrokenPipe()
        Terminal.useEnvironmentLocale()
        let interactive = scripted == nil && Terminal.isTerminal(STDIN_FILENO) && options.output == .text
        let colour = options.output == .text
            && options.color.allowsColour(stdoutIsTerminal: Terminal.isTerminal(STDOUT_FILENO), environment: environment)
        do {
            let source = options.options.source
            let (manifest, fileName) = try checkedManifest(from: source)
            let dataFolder = options.dataDir ?? StatePaths.dataDirectory(app: manifest.app, environment: environment)
            let appEnvironment = AppEnvironment(app: manifest.app, dataDirectory: dataFolder)
            let flow = try await startFlow(manifest, fileName: fileName, environment: appEnvironment)

            var output = scripted?.output ?? makeOutput(interactive: interactive, colour: colour)
            let recorder = try makeRecorder(app: manifest.app)
            if let recorder { output = RecordingOutput(base: output, record: recorder.records) }
            let stateFolder = StatePaths.directory(app: manifest.app, environment: environment).map { URL(fileURLWithPath: $0) }
            let stateFile = (options.state.map { URL(fileURLWithPath: $0) } ?? stateFolder?.appendingPathComponent("navigation.json"))
                .map(NavigationStateFile.init)
            var failures = await restoreAndOpen(flow, stateFile: stateFile, output: output)

            var reader = try makeReader(for: flow, source: source, interactive: interactive, colour: colour)
            if let recorder { reader = RecordingLineReader(base: reader, recorder: recorder) }
            let watcher = scripted == nil ? source.filePath.flatMap { path in
                ConfigWatcher(path: path) { if interactive { EditLineReader.wake() } }
            } : nil
            let saver = NavigationSaver(flow: flow, file: stateFile, output: output)
            let hooks = ShellHooks(
                reloadFlow: { [features] in
                    await Self.reload(flow, from: source, features: features, environment: appEnvironment)
                },
                configChanged: { watcher?.takeChange() ?? false },
                afterCommand: { saver.saveIfChanged() }
            )
            let shell = Shell(flow: flow, reader: reader, output: output, interactive: interactive, colour: colour,
                              takeInterrupt: { Terminal.takeInterrupt() }, hooks: hooks)
            failures += await shell.run()
            return Terminal.exitStatus(interactive || failures == 0 ? 0 : 1)
        } catch {
            return (error as? Stop)?.status ?? 1
        }
    }

    /// The flow, checked; warnings are shown once, here, and errors stop the shell before its
    /// first prompt.
    private func checkedManifest(from source: ConfigSource) throws -> (Manifest, String) {
        let check = FlowCheck(source: source, features: features)
        if !check.diagnostics.isEmpty {
            console.writeError(check.diagnostics.map(\.description).joined(separator: "\n") + "\n")
        }
        guard let manifest = check.runnableManifest else {
            if check.outcome != .unreadable {
                let count = check.errorCount
                console.writeError("\(check.fileName): the flow has \(count) error\(count == 1 ? "" : "s"); not starting\n")
            }
            throw Stop(status: Self.configFailure)
        }
        return (manifest, check.fileName)
    }

    /// The app's services and settings, and the flow started at its root.
    private func startFlow(_ manifest: Manifest, fileName: String, environment: AppEnvironment) async throws -> AppFlowCoordinator {
        let settings: SettingsDatabase?
        do {
            settings = try environment.dataDirectory.map { try SettingsDatabase(path: $0 + "/settings.sqlite") }
        } catch {
            console.writeError("error: cannot open the settings in \(environment.dataDirectory ?? ""): \(SystemError.describe(error))\n")
            throw Stop(status: 1)
        }
        let catalog = FeatureCatalog(features)
        let services = ServiceContainer()
        do {
            try catalog.registerServices(loading: manifest.modules, in: services, environment: environment)
        } catch {
            console.writeError("error: cannot set up the app's services: \(UserFacingError.message(for: error))\n")
            throw Stop(status: 1)
        }
        let flow = AppFlowCoordinator(manifest: manifest, catalog: catalog, services: services) { module in
            settings?.store(forModule: module) ?? MemoryKeyValueStore()
        }
        do {
            try await flow.start()
        } catch {
            console.writeError("\(fileName): error: cannot open the root screen '\(manifest.root)': \(UserFacingError.message(for: error))\n")
            throw Stop(status: 1)
        }
        return flow
    }

    /// The recorder of `--record FILE`, if asked for.
    private func makeRecorder(app: String) throws -> SessionRecorder? {
        guard let path = options.record else { return nil }
        do {
            return try SessionRecorder(path: path, app: app)
        } catch {
            console.writeError("error: cannot record to \(path): \(SystemError.describe(error))\n")
            throw Stop(status: 2)
        }
    }

    /// Restores where the user was (unless `--fresh`), then opens `--open LINK`; returns how
    /// many errors that gave.
    private func restoreAndOpen(_ flow: AppFlowCoordinator, stateFile: NavigationStateFile?, output: ShellOutput) async -> Int {
        if !options.fresh, let stateFile {
            switch stateFile.load() {
            case .none: break
            case .unusable(let reason): output.notice(Notice(.warning, reason))
            case .snapshot(let snapshot): await flow.restore(snapshot).forEach(output.notice)
            }
        }
        guard let link = options.open else { return 0 }
        let notices = await flow.open(link) + (await flow.processEvents())
        notices.forEach(output.notice)
        return notices.filter { $0.style == .error }.count
    }

    /// Scripted lines, the line editor on a terminal (after the banner), or plain lines.
    private func makeReader(for flow: AppFlowCoordinator, source: ConfigSource, interactive: Bool, colour: Bool) throws -> LineReader {
        if let scripted { return scripted.reader }
        guard interactive else { return PlainLineReader() }
        let styler = TextStyler(colour: colour)
        console.write(styler.apply(.heading, "FlowShell \(FlowShellVersion.current)") + " — \(flow.manifest.app), flow from \(source.description)\n")
        console.write(styler.apply(.message(.muted), "Type help for commands, Tab to complete, quit or Ctrl-D to leave.") + "\n")
        Terminal.installInterruptHandler()
        let completer: EditLineReader.Completer = { [weak flow] text in
            CompletionProvider.complete(text, screen: flow?.top?.screen.viewProperties,
                                        links: flow?.manifest.links.map(\.literalPrefix) ?? [])
        }
        guard let editor = EditLineReader(program: "flowshell", historyPath: historyPath(app: flow.manifest.app), completer: completer) else {
            console.writeError("error: cannot start the line editor on this terminal\n")
            throw Stop(status: 1)
        }
        return editor
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
            console.writeError("warning: history will not be saved: \(SystemError.describe(error))\n")
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
