import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation

/// Runs one typed line against a running flow — the one dispatcher of the REPL, the testing
/// harnesses and `replay`: tokenize; run a global command or the top screen's; route the events
/// it emitted; push what changed to the View (``ShellOutput``).
@MainActor
public final class Dispatcher {
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
    let output: RedirectableOutput
    private let supervisor: CommandSupervisor
    let topView: TopScreenView
    /// How many lines have failed so far.
    public private(set) var failures = 0
    /// Why the last line's command failed, when it did (not navigation's messages): what a
    /// harness throws.
    public private(set) var commandFailure: String?
    /// Put before every error and warning of the current line (`line 3: `, in a script).
    public var linePrefix: String?
    /// Sees every event a screen emits, before it is routed (the feature harness records them).
    public var onEvents: ([FeatureEvent]) -> Void = { _ in }
    /// The lines run in this session, for `history` and `!N`.
    var history = SessionHistory()
    /// What `set` changed, kept per app.
    package var settings: ShellSettings
    package var aliases: ShellAliases
    /// Whether the last line was a `quit` refused inside a modal layer (the next one leaves).
    var quitAsked = false
    /// Whether a person is at a terminal (the REPL sets it); scripts never confirm.
    public var interactive = false
    /// Whether lines may reach this machine's programs and files — `shell`, `run FILE`, and
    /// `>`, `>>` or `|` — as they may at the user's own terminal. A front end for people who
    /// are not at this machine (a browser) turns it off.
    public var reachesSystem = true
    /// How deep `run FILE` is nested, to refuse a file that runs itself.
    var scriptDepth = 0
    /// Whether ``cancelForegroundCommand()`` was called during the current line: a script it
    /// runs stops there.
    public private(set) var interrupted = false
    /// The values modules offer for their link parameters (`plate`), by parameter, for Tab.
    package var linkParameterValues: [String: [String]] = [:]

    /// A dispatcher that pushes to `output`; `cancellable` when something (the terminal's
    /// Ctrl-C) may call ``cancelForegroundCommand()``, and `showsProgress` asks for a progress
    /// line when a command runs long; `collector` makes the plain-text View that a redirected
    /// line's output is collected in (the terminal's; without one only text lines and messages).
    package init(runtime: FlowRuntime, output: ShellOutput, cancellable: Bool = false, showsProgress: Bool = false,
                 collector: CollectingOutputMaker? = nil) {
        self.runtime = runtime
        let output = RedirectableOutput(base: output, makeCollector: collector)
        self.output = output
        supervisor = CommandSupervisor(cancellable: cancellable,
                                       showProgress: showsProgress ? { [weak output] in output?.progress($0) } : nil)
        topView = TopScreenView(flow: runtime.flow, output: output)
        topView.showsProgress = showsProgress
        settings = ShellSettings(store: runtime.shellStore)
        aliases = ShellAliases(store: runtime.shellStore)
        output.apply(settings)
        runtime.flow.onBackgroundEvents = { [weak self] in self?.backgroundEventsArrived() }
    }

    /// A dispatcher that pushes to `output`, with no terminal behind it.
    public convenience init(runtime: FlowRuntime, output: ShellOutput) {
        self.init(runtime: runtime, output: output, cancellable: false, showsProgress: false)
    }

    /// Cancels what runs now, and only that (Ctrl-C): the command in the foreground, and the
    /// rest of a script that runs (`run FILE`). Nothing later is affected.
    public func cancelForegroundCommand() {
        interrupted = true
        supervisor.cancel()
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
        asCommand { topView.follow() }
    }

    /// Runs `work` as a command's part: what it shows was asked for, not the screen's own doing.
    func asCommand(_ work: () -> Void) {
        let outer = topView.lineRuns
        topView.lineRuns = true
        work()
        topView.lineRuns = outer
    }

    /// Routes the events that open screens' background work emitted (their effects and
    /// subscriptions), as a command's are: at once when no line runs, else after it.
    func backgroundEventsArrived() {
        guard !topView.lineRuns, backgroundRouting == nil, flow.hasQueuedEvents else { return }
        backgroundRouting = Task { @MainActor in
            while flow.hasQueuedEvents {
                let notices = await flow.processEvents()
                notices.forEach(show)
                topView.follow()
            }
            backgroundRouting = nil
            topView.onUpdateByItself()
        }
    }

    /// Background events being routed: a line waits for them.
    private var backgroundRouting: Task<Void, Never>?

    /// Runs one typed line and pushes its results to the View.
    public func run(_ line: String) async -> Step {
        if let backgroundRouting { await backgroundRouting.value }
        let outermost = !topView.lineRuns
        topView.lineRuns = true
        defer {
            if outermost {
                // What the line's screens pushed and nothing showed yet (a global command's work).
                topView.follow()
                runtime.notices.take().forEach(show)
                topView.lineRuns = false
                // Events that background work emitted while the line ran, and it left.
                backgroundEventsArrived()
            }
        }
        commandFailure = nil
        // A Ctrl-C before this line was for what ran then.
        if scriptDepth == 0 { interrupted = false }
        // `!N` and `!!` run a line of this session again, as it was typed then.
        var line = line
        // Trimmed only when it may be one, found from the bytes: Foundation's trimming bridges
        // through NSString, which every line would otherwise pay for.
        if line.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "!") {
            var trimmed = line.drop(while: \.isWhitespace)
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            let reference = trimmed.dropFirst()
            let number = reference == "!" ? history.nextNumber - 1 : Int(reference)
            guard let number, let earlier = history.line(number) else {
                fail("no line \(trimmed) in this session's history — history lists them")
                return .next
            }
            line = earlier
            output.notice(Notice(.muted, line))
        }
        // `shell` takes the rest of its line as typed, `>` and `|` too, for `$SHELL` to read.
        var commandText = line
        var redirection: Redirection?
        if Redirection.mayRedirect(line), !startsSystemShell(line) {
            do {
                (commandText, redirection) = try Redirection.split(line)
            } catch {
                fail(error.message)
                return .next
            }
        }
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(of: commandText)
        } catch {
            fail("cannot read that line: \(error.message)")
            return .next
        }
        guard let first = words.first else { return .next }
        history.append(line)
        var expanded = words
        var aliased: String?
        // An alias stands for the words before the typed ones; a command of the screen's own
        // goes first (an alias kept from another flow may have its name).
        if let line = aliases.lines[first], topProperties?.command(named: first) == nil {
            aliased = line
            expanded = aliases.expand(words) ?? words
        }
        if !reachesSystem, let refusal = systemRefusal(words: expanded, redirects: redirection != nil) {
            fail(refusal)
            return .next
        }
        // The text as typed is read only for the commands that take it so (`shell`, `alias`).
        var text = ""
        if let name = expanded.first, GlobalCommand.named(name)?.takesLineAsTyped == true {
            text = Self.textAfterFirstWord(of: commandText)
            if let aliased {
                let aliasText = Self.textAfterFirstWord(of: aliased)
                text = aliasText.isEmpty ? text : text.isEmpty ? aliasText : aliasText + " " + text
            }
        }
        let step = if let redirection {
            await run(words: expanded, text: text, redirectedTo: redirection)
        } else {
            await run(words: expanded, text: text)
        }
        if case .quit = step {} else { quitAsked = false }
        // What Tab offers after `open` follows the data, which the line may have changed.
        if interactive { await refreshLinkParameterValues() }
        return step
    }

    /// Why a line may not run when lines may not reach this machine, or nil when it may.
    private func systemRefusal(words: [String], redirects: Bool) -> String? {
        if redirects {
            return "'>', '>>' and '|' write to this machine, which this session may not reach — use a terminal for them"
        }
        // A screen's own command of the same name is not the global one.
        guard let name = words.first, name == GlobalCommand.shell.name || name == GlobalCommand.run.name,
              topProperties?.command(named: name) == nil else { return nil }
        return "'\(name)' runs on this machine, which this session may not reach — use a terminal for it"
    }

    /// Whether `line` runs `shell`, itself or through an alias.
    private func startsSystemShell(_ line: String) -> Bool {
        let first = Self.firstWord(of: line)
        return first == GlobalCommand.shell.name || aliases.lines[first].map { Self.firstWord(of: $0) == GlobalCommand.shell.name } == true
    }

    private static func firstWord(of line: String) -> String {
        String(line.drop(while: \.isWhitespace).prefix(while: { !$0.isWhitespace }))
    }

    /// The text after a line's first word, as it was typed.
    static func textAfterFirstWord(of line: String) -> String {
        var rest: Substring = line.drop(while: \.isWhitespace)
        rest = rest.drop(while: { !$0.isWhitespace }).drop(while: \.isWhitespace)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        return String(rest)
    }

    /// Runs the words of one line: a command's help, a global command, a command the config adds
    /// to the top screen, or the top screen's own. `text` is what follows the command's name as
    /// typed, for a global command that takes its line so (empty for the others).
    func run(words: [String], text: String) async -> Step {
        guard let name = words.first else { return .next }
        let arguments = Array(words.dropFirst())
        if arguments.count == 1, arguments[0] == "--help" || arguments[0] == "-h", let command = command(named: name) {
            output.usage(CommandUsage(command))
            return .next
        }
        if let global = GlobalCommand.named(name) {
            do {
                // A command that takes its line as typed reads it as one word, never as options.
                let words = global.takesLineAsTyped ? ["--"] + (text.isEmpty ? [] : [text]) : arguments
                let call = GlobalCommand.Call(arguments: try ParsedArguments(words, for: global.description), text: text)
                return await global.perform(self, call)
            } catch {
                fail(UserFacingError.message(for: error))
                return .next
            }
        }
        // A command the flow leaves out of help (its events lead nowhere) still runs when typed.
        guard let top = flow.top, top.screen.command(named: name) != nil || topProperties?.command(named: name) != nil else {
            let message = unknownCommand(name)
            commandFailure = message
            fail(message)
            return .next
        }
        if let command = flow.configCommands(on: top).first(where: { $0.name == name }) {
            do {
                _ = try ParsedArguments(arguments, for: command)
            } catch {
                fail(UserFacingError.message(for: error))
                return .next
            }
            await supervised { await self.flow.runCommand(name) ?? [] }
            return .next
        }
        let updatesBefore = topView.updates
        let failuresBefore = failures
        var emitted = false
        await supervised {
            let events = try await top.screen.perform(name, arguments: arguments)
            emitted = !events.isEmpty
            self.onEvents(events)
            self.flow.enqueue(events, from: top)
            return []
        }
        // Silence would look like nothing happened, or like it did: say which.
        if !emitted, failures == failuresBefore, topView.updates == updatesBefore, flow.top?.screen === top.screen {
            output.notice(Notice(.muted, "nothing changed"))
        }
        return .next
    }

    /// The command `name` means here: the top screen's, one the config adds to it, or a global one.
    func command(named name: String) -> CommandDescription? {
        topProperties?.command(named: name) ?? GlobalCommand.named(name)?.description
    }

    /// What the top screen shows, as the flow offers it (with the commands the config adds to it).
    public var topProperties: ViewProperties? {
        flow.effectiveTop
    }

    /// Reads the config again and applies it; what changed is shown.
    public func reload() async {
        let outer = topView.lineRuns
        topView.lineRuns = true
        defer { topView.lineRuns = outer }
        let notices = await runtime.reload()
        notices.forEach(show)
        topView.follow()
    }

    // MARK: - Running and showing

    /// Runs a command's work and the navigation it causes as one task that Ctrl-C cancels.
    func supervised(_ work: @escaping @MainActor () async throws -> [Notice]) async {
        let flow = self.flow
        // Each `await` below is asked for only when there is something to do: an async call
        // is not free even when it has nothing to wait for, and most commands route no events.
        let result = await supervisor.run { () async throws -> [Notice] in
            do {
                let notices = try await work()
                return flow.hasQueuedEvents ? notices + (await flow.processEvents()) : notices
            } catch {
                // Events emitted before the failure still route.
                if flow.hasQueuedEvents { _ = await flow.processEvents() }
                throw error
            }
        }
        // A plugin that ended during the command: its screens close back to one that works.
        let closed = runtime.hasStoppedPluginScreen ? await runtime.closeStoppedPluginScreens() : []
        defer { closed.forEach(show) }
        switch result {
        case .success(let notices):
            // Navigation's messages come before the screen it leads to.
            notices.forEach(show)
            topView.follow()
        case .failure(is CancellationError):
            topView.follow()
            show(Notice(.warning, "cancelled"))
        case .failure(let error):
            let message: String
            switch error {
            case let unknown as UnknownCommand: message = "unknown command '\(unknown.name)' here — try help"
            case let error as UserFacingError: message = error.message
            default: message = "the command failed: \(error)"
            }
            topView.follow()
            commandFailure = message
            fail(message)
        }
    }

    /// Shows a notice; an error counts as a failed line.
    public func show(_ notice: Notice) {
        if notice.style == .error { failures += 1 }
        var shown = notice
        if let linePrefix, notice.style == .error || notice.style == .warning { shown.text = linePrefix + notice.text }
        output.notice(shown)
    }

    func fail(_ message: String) {
        show(Notice(.error, message))
    }
}
