import FlowCoordinator
import FlowManifest
import FlowShellCommandLine
import FlowShellKit
import FlowShellRuntime
import FlowShellSettings
import FlowShellTerminal
import Foundation
import LineEditor

/// The composition root of `flowshell run`: starts the flow (``FlowRuntime``), makes the
/// reader and the output, restores where the user was, watches the config, and runs the REPL.
@MainActor
struct ShellLauncher {
    /// Exit status when the flow cannot be loaded or checked.
    static let configFailure: Int32 = 2

    /// What a replay puts in place of the terminal: scripted lines and a capturing output.
    struct ScriptedSession {
        let reader: LineReader
        let output: SessionView
        /// The clock the replayed session runs on.
        var clock: SessionClock?
        /// What the replayed session may do beyond the core: nothing unless the user named it.
        var capabilities: [SessionCapability] = []
    }

    let identity: ShellIdentity
    let options: RunCommand
    let features: [FeatureModule]
    let environment: [String: String]
    /// What opens the database `--database` names, when the program links one.
    let database: (any DatabaseDriver)?
    /// Where the app's state and data are kept.
    private let paths: StatePaths
    let scripted: ScriptedSession?
    /// Whether the config's plugins may run.
    let trust: PluginTrust
    /// Where Tab is answered: the session's loop, once it exists (the line editor is made first).
    private let completion = LoopCompletion()
    private let console: Console

    init(
        identity: ShellIdentity, options: RunCommand, features: [FeatureModule], environment: [String: String],
        database: (any DatabaseDriver)? = nil, scripted: ScriptedSession? = nil, console: Console? = nil, trust: PluginTrust? = nil
    ) {
        self.database = database
        self.identity = identity
        self.paths = StatePaths(folder: identity.folder, environment: environment)
        self.options = options
        self.trust = trust ?? options.plugins.trust(identity: identity, environment: environment)
        self.features = features
        self.environment = environment
        self.scripted = scripted
        // Output for a pipe or a file is written once for a run of lines (the shell flushes
        // it before it waits for input, and at the end); a terminal sees every line at once.
        self.console = console ?? StandardConsole(collectsOutput: !Terminal.isTerminal(STDOUT_FILENO))
    }

    /// Why the launch stopped before the REPL, with the process's exit status; the message has
    /// been written.
    private struct Stop: Error {
        let status: Int32
    }

    func run() async -> Int32 {
        defer { console.flush() }
        Terminal.ignoreBrokenPipe()
        Terminal.useEnvironmentLocale()
        let interactive = scripted == nil && options.script == nil && Terminal.isTerminal(STDIN_FILENO) && options.output == .text
        // A script starts at the root and leaves the saved navigation alone, so that it runs the
        // same every time; --state or --restore ask for the prompt's behaviour.
        let remembersNavigation = interactive || options.state != nil || options.restore
        let colour =
            options.output == .text
            && options.color.allowsColour(stdoutIsTerminal: Terminal.isTerminal(STDOUT_FILENO), environment: environment)
        do {
            let source = ConfigSource.resolve(explicitPath: options.config, builtIn: identity.defaultFlow)
            let sessionClock = try makeSessionClock()
            let runtime = try await startRuntime(from: source, clock: sessionClock)
            let flow = runtime.flow
            // Only a flow with plugins has processes to stop (and a start without them is spared the watch).
            if !interactive && scripted == nil && !flow.manifest.plugins.isEmpty {
                // Piped lines, with no script file whose commands Ctrl-C cancels: Ctrl-C ends the
                // shell as its default action would, with its plugins.
                ScriptSignals.install(interrupts: options.script == nil)
            }
            let app = flow.manifest.app

            let script = try readScript()
            var output = scripted?.output ?? makeOutput(interactive: interactive, colour: colour)
            let stateFolder = paths.directory(app: app).map { URL(fileURLWithPath: $0) }
            let stateFile =
                remembersNavigation
                ? (options.state.map { URL(fileURLWithPath: $0) } ?? stateFolder?.appendingPathComponent("navigation.json")).map(
                    NavigationStateFile.init)
                : nil
            // What a shell killed while it saved left beside the file.
            if let stateFile { AtomicFile.removeStaleTemporaries(of: stateFile.url.path) }
            let recorder = try makeRecorder(app: app, clock: sessionClock, stateFile: stateFile)
            if let recorder { output = RecordingOutput(base: output, record: recorder) }
            var reader =
                try script.map { PlainLineReader(text: $0) }
                ?? makeReader(for: flow, source: source, interactive: interactive, colour: colour)
            // The config's warnings come after the banner, styled and wrapped like any message.
            for warning in runtime.warnings {
                output.notice(Notice(.warning, warning.description))
            }
            runtime.startNotices.forEach(output.notice)
            let restored = await restoreAndOpen(flow, stateFile: stateFile, output: output)
            var failures = restored.failures
            if let recorder { reader = RecordingLineReader(base: reader, recorder: recorder) }
            // What the system refuses to watch (the config, a screen's data) is said once, as
            // a muted line, with what is done instead.
            let shown = ShownOutput(output)
            FolderWatcher.shared.reportRefusals { message in
                Task { @MainActor in shown.output.notice(Notice(.muted, message)) }
            }
            let saver = NavigationSaver(flow: flow, file: stateFile, holding: restored.onDisk, output: output)
            let hooks = ShellHooks(idle: { saver.saveIfChanged() }, waiting: { [console] in console.flush() })
            // Ctrl-C cancels the command that runs, at the prompt and in a script file alike.
            if script != nil, scripted == nil { Terminal.installInterruptHandler() }
            let cancelsOnInterrupt = scripted == nil && (interactive || script != nil)
            // The person at the terminal is at this machine: the session reaches its files and
            // programs. A replay's lines were written by whoever wrote the file, so it reaches
            // only what the user named.
            let session = Session(
                runtime: runtime, output: output, capabilities: scripted?.capabilities ?? .terminal,
                cancellable: cancelsOnInterrupt,
                showsProgress: interactive)
            if let editor = Self.lineEditor(of: reader) {
                // What the screens show by themselves while a person types goes above the
                // prompt, and the prompt follows where they lead.
                (console as? StandardConsole)?.lineEditor = editor
                // The history file's lines are earlier sessions': `history -a` and `!prefix` reach them.
                session.earlierSessionsLines = editor.historyLines()
            }
            let shell = Shell(
                session: session, reader: reader, output: output, interactive: interactive, colour: colour, hooks: hooks,
                stopsAtFirstError: script != nil && !options.keepGoing, stopsOnInterrupt: script != nil, completion: completion)
            // While the shell leaves, Ctrl-C ends the wait for the plugins to exit.
            shell.interruptWatcher =
                cancelsOnInterrupt
                ? InterruptWatcher { [weak shell, runtime] in
                    shell?.interrupt()
                    runtime.interruptStoppingPlugins()
                } : nil
            // Edits apply live for a person at the prompt; a script runs the flow it started
            // with (and a session that never waits is spared the watch).
            let watcher = interactive ? source.filePath.map { ConfigWatcher(path: $0, onChange: shell.configFileChanged) } : nil
            // The person's startup file runs at the prompt only: a script runs the same everywhere.
            var startup: (@MainActor (Session) async -> Session.Step)?
            if interactive, let path = paths.startupFile {
                startup = { [environment] session in await session.runStartupFile(at: path, environment: environment) }
            }
            let outcome = await shell.run(first: startup)
            withExtendedLifetime(watcher) {}
            (console as? StandardConsole)?.lineEditor = nil
            runtime.flow.closeAll()
            await runtime.stopPlugins()
            if interactive { leaveTerminal(reader) }
            failures += outcome.failures
            return Terminal.exitStatus(outcome.status ?? (interactive || failures == 0 ? 0 : 1))
        } catch {
            return (error as? Stop)?.status ?? 1
        }
    }

    /// The flow, checked and started; warnings are shown once, here, and errors stop the shell
    /// before its first prompt.
    private func startRuntime(from source: ConfigSource, clock: SessionClock?) async throws -> FlowRuntime {
        let dataDirectory = options.dataDir
        let paths = self.paths
        let services = ServiceContainer()
        var now: (@Sendable () -> Double)?
        if let clock {
            // The screens sleep on the session's clock and the services read its time.
            services.register(clock.sleeper, as: (any Clock<Duration>).self)
            services.register(WallClock { Date(timeIntervalSince1970: clock.now) })
            now = { clock.now }
        }
        let shared = try await openDatabase()
        do {
            let runtime = try await FlowRuntime.start(
                source: source, modules: features,
                dataDirectory: { app in
                    dataDirectory ?? paths.dataDirectory(app: app)
                }, openSettings: SettingsDatabase.open(inFolder:),
                records: { app in
                    shared?.records(app: app) ?? (dataDirectory ?? paths.dataDirectory(app: app)).map { FolderRecords.inFolder($0) }
                }, services: services,
                now: now,
                plugins: PluginLoader(purpose: .running, trust: trust, paths: paths), reserving: .terminal)
            return runtime
        } catch {
            console.writeError(error.messages.joined(separator: "\n") + "\n")
            throw Stop(status: error.status)
        }
    }

    /// The records the servers of the flow share, when a database is named (`--database`, else
    /// FLOWSHELL_DATABASE); nil: the data folder's.
    private func openDatabase() async throws -> (any SharedRecords)? {
        // A replay runs on what it was recorded with, whatever the environment names.
        guard scripted == nil, let address = options.database ?? environment["FLOWSHELL_DATABASE"], !address.isEmpty else { return nil }
        guard let database else {
            console.writeError(
                "error: \(identity.name) was built without a database client, so it keeps its records in its data folder: "
                    + "leave out --database and FLOWSHELL_DATABASE, or run a build of \(identity.name) that has the servers\n")
            throw Stop(status: 2)
        }
        do {
            return try await database.open(address)
        } catch {
            console.writeError(error.description + "\n")
            throw Stop(status: 1)
        }
    }

    /// The text of `--script FILE`, if given.
    private func readScript() throws -> String? {
        guard let path = options.script else { return nil }
        do {
            return try ScriptFile.read(path)
        } catch {
            console.writeError("error: cannot read the script \(path): \(UserFacingError.message(for: error))\n")
            throw Stop(status: 2)
        }
    }

    /// The clock of a replay, or of a recorded session or `--clock`: a recording notes its start
    /// and the moments on it of lines and updates, so that its replay shows the same times and
    /// the updates time brought. Other sessions run on the system's clocks.
    private func makeSessionClock() throws -> SessionClock? {
        if let clock = scripted?.clock { return clock }
        guard options.clock != nil || options.record != nil else { return nil }
        let rate = options.clockRate ?? 1
        guard rate.isFinite, rate > 0 else {
            console.writeError("error: --clock-rate must be a number above 0, not \(rate)\n")
            throw Stop(status: 2)
        }
        let sleeper = ScaledClock(rate: rate)
        return SessionClock(start: options.clock ?? Date().timeIntervalSince1970.rounded(), sleeper: sleeper) {
            sleeper.now.offset
        }
    }

    /// The recorder of `--record FILE`, if asked for, noting what the session starts from: the
    /// data folder's files, the place it restores from `stateFile`, the link it opens.
    private func makeRecorder(app: String, clock: SessionClock?, stateFile: NavigationStateFile?) throws -> SessionRecorder? {
        guard let path = options.record else { return nil }
        var start = RecordedStart(files: [], link: options.open)
        if let folder = options.dataDir ?? paths.dataDirectory(app: app) {
            do {
                start.files = try RecordedStart.files(of: folder)
            } catch {
                console.writeError(
                    "warning: the recording does not keep the data it starts from (\(error.reason)): its replay starts from none\n")
            }
        }
        if !options.fresh, let stateFile, let place = FileManager.default.contents(atPath: stateFile.url.path) {
            start.place = String(decoding: place, as: UTF8.self)
        }
        do {
            return try SessionRecorder.start(path: path, app: app, clock: clock, start: start)
        } catch {
            console.writeError("error: cannot record to \(path): \(SystemError.describe(error))\n")
            throw Stop(status: 2)
        }
    }

    /// Restores where the user was (unless `--fresh`), then opens `--open LINK`; returns how
    /// many errors that gave, and what the state file was read to hold.
    private func restoreAndOpen(
        _ flow: AppFlowCoordinator, stateFile: NavigationStateFile?,
        output: SessionView
    ) async -> (failures: Int, onDisk: NavigationSnapshot?) {
        var onDisk: NavigationSnapshot?
        if !options.fresh, let stateFile {
            switch stateFile.load() {
            case .none: break
            case .unusable(let reason): output.notice(Notice(.warning, reason))
            case .snapshot(let snapshot):
                onDisk = snapshot
                await flow.restore(snapshot).forEach(output.notice)
            }
        }
        guard let link = options.open else { return (0, onDisk) }
        let notices = await flow.open(link) + (await flow.processEvents())
        notices.forEach(output.notice)
        return (notices.filter { $0.style == .error }.count, onDisk)
    }

    /// Scripted lines, the line editor on a terminal (after the banner), or plain lines.
    private func makeReader(for flow: AppFlowCoordinator, source: ConfigSource, interactive: Bool, colour: Bool) throws -> LineReader {
        if let scripted { return scripted.reader }
        guard interactive else { return PlainLineReader() }
        let styler = TextStyler(colour: colour)
        console.write(
            Greeting.text(
                title: identity.title, version: identity.version,
                about: "\(flow.manifest.app), flow from \(source.description)", styler: styler))
        Terminal.installInterruptHandler()
        Terminal.takeForeground()
        guard
            let editor = EditLineReader(
                program: identity.name, historyPath: historyPath(app: flow.manifest.app), completer: completion.complete)
        else {
            console.writeError("error: cannot start the line editor on this terminal\n")
            throw Stop(status: 1)
        }
        editor.longestLine = LineLengthBound.longestLine
        return editor
    }

    /// The line editor `reader` reads with, if it is one.
    private static func lineEditor(of reader: LineReader) -> EditLineReader? {
        reader as? EditLineReader ?? (reader as? RecordingLineReader)?.base as? EditLineReader
    }

    /// Gives the terminal back to whoever had it, the line editor ended first: it puts the
    /// terminal's modes back, which this process may do only while it has the terminal (once
    /// the terminal is given back, that would stop it — a quit that hung under `make run` or
    /// `sh -c`, whenever the editor's deinit came late).
    private func leaveTerminal(_ reader: LineReader) {
        Self.lineEditor(of: reader)?.end()
        Terminal.restoreForeground()
    }

    private func makeOutput(interactive: Bool, colour: Bool) -> SessionView {
        switch options.output {
        case .text:
            // A terminal that cannot say its width is taken at COLUMNS, else 80; text for a pipe
            // or a file is not wrapped unless COLUMNS asks for it.
            let columns = Int(environment["COLUMNS"] ?? "")
            let toTerminal = Terminal.isTerminal(STDOUT_FILENO)
            // Asked for every screen only of a terminal, which can be resized.
            return TextOutput(console: console, interactive: interactive, colour: colour) {
                toTerminal ? Terminal.width() ?? columns ?? 80 : columns ?? ScreenRenderer.unbounded
            }
        case .json:
            return JSONLinesOutput(console: console)
        }
    }

    /// The history file, with what a shell killed while it saved left beside it removed.
    private func historyPath(app: String) -> String? {
        if options.noHistory { return nil }
        do {
            let path = try options.history ?? paths.historyFile(app: app)
            path.map(AtomicFile.removeStaleTemporaries(of:))
            return path
        } catch {
            console.writeError("warning: history will not be saved: \(SystemError.describe(error))\n")
            return nil
        }
    }
}

/// The View, for what the folder watcher says from its own queue.
@MainActor
private final class ShownOutput: Sendable {
    let output: SessionView

    init(_ output: SessionView) {
        self.output = output
    }
}
