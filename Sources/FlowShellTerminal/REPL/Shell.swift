import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The REPL: an adapter that feeds its session's loop (``SessionLoop``). It reads a line at a
/// prompt that says where the user is, hands it to the loop and waits for its end before the
/// next prompt; Ctrl-C (``interrupt()``), a change of the config (``configFileChanged()``) and
/// Tab (``LoopCompletion``) reach the loop as they come, while a line runs too. Nothing a user
/// types ends it but `quit`, `exit` or the end of input.
@MainActor
package final class Shell {
    private let session: Session
    private let loop: SessionLoop
    /// Where the config watcher, Ctrl-C and a hang-up reach the loop, from any thread.
    private nonisolated let feed: AsyncStream<SessionInput>.Continuation
    private let reader: LineReader
    private let output: SessionView
    /// The output, when it is told where each line's answer ends: found once, not cast per line.
    private let endOfAnswer: (any EndOfAnswerView)?
    private let interactive: Bool
    private let promptStyler: TextStyler
    private let hooks: ShellHooks
    private let stopsAtFirstError: Bool
    private let stopsOnInterrupt: Bool
    /// The terminal the prompt is shown on, whose width it fits: the process's own, or a session's.
    private let terminal: Int32
    /// What turns Ctrl-C into cancelling the running command; it steps aside while a line is read.
    package var interruptWatcher: InterruptWatcher?
    /// Called after each line and reload: where the session is may have changed (an SSH login keeps it).
    package var afterEachLine: () -> Void = {}
    /// Reads the lines once the first work ran; nil before.
    private var reading: Task<Void, Never>?
    /// Whether Ctrl-C came (a script file stops at it).
    private var interruptCame = false
    /// The exit status the reader decided on (a script stopped by Ctrl-C).
    private var status: Int32?
    /// The prompt drawn last.
    private var shownPrompt = ""

    /// - Parameter interactive: a person at a terminal (prompt shown), or a script (no prompt
    ///   noise, and each line's messages begin `line N: `).
    /// - Parameter stopsAtFirstError: a script file ends at its first failed line.
    /// - Parameter stopsOnInterrupt: a script file ends at a Ctrl-C, with status 130.
    /// - Parameter terminal: the terminal the prompt is shown on (a session's, on a server).
    /// - Parameter completion: the line editor's Tab, which this shell's loop answers.
    package init(
        session: Session, reader: LineReader, output: SessionView, interactive: Bool, colour: Bool,
        hooks: ShellHooks = ShellHooks(), stopsAtFirstError: Bool = false, stopsOnInterrupt: Bool = false,
        terminal: Int32 = STDOUT_FILENO, completion: LoopCompletion? = nil
    ) {
        self.terminal = terminal
        self.session = session
        loop = SessionLoop(session: session, numbersLines: !interactive)
        feed = loop.feed
        completion?.answer(through: loop.feed)
        self.reader = reader
        self.output = output
        endOfAnswer = output as? any EndOfAnswerView
        self.interactive = interactive
        self.promptStyler = TextStyler(colour: colour)
        self.hooks = hooks
        self.stopsAtFirstError = stopsAtFirstError
        self.stopsOnInterrupt = stopsOnInterrupt
    }

    /// The exit status of a script stopped by Ctrl-C: 128 + SIGINT, as shells report it.
    static let interruptedStatus: Int32 = 130

    /// How the session ended: how many lines failed, and the status `quit N` asked for.
    package struct Outcome {
        package var failures: Int
        package var status: Int32?
    }

    /// The config file changed: it is read again in turn with the lines — at once at the
    /// prompt (what the reload says goes above it, and the half-typed line stays), else after
    /// the line that runs.
    package nonisolated func configFileChanged() {
        feed.yield(.reload)
    }

    /// Ctrl-C while a line runs: cancels what it runs, and only that.
    package func interrupt() {
        interruptCame = true
        feed.yield(.cancel(id: nil))
    }

    /// The person went away (a lost connection): the line that runs is cancelled and the
    /// session ends; the read that waits ends as its terminal closes.
    package func hangUp() {
        feed.yield(.hangUp)
    }

    private var editor: EditLineReader? {
        reader as? EditLineReader ?? (reader as? RecordingLineReader)?.base as? EditLineReader
    }

    /// Draws the prompt again while a line is read, if the open screens it names changed.
    private func showPromptAgain() {
        let prompt = currentPrompt()
        guard prompt != shownPrompt else { return }
        shownPrompt = prompt
        editor?.show(nil, prompt: prompt)
    }

    /// The prompt for where the user is: the open screens, at a terminal; nothing in a script.
    private func currentPrompt() -> String {
        interactive
            ? PromptBuilder.prompt(layers: session.runtime.flow.router.layers, styler: promptStyler, width: Terminal.width(terminal) ?? 80)
            : ""
    }

    /// Runs until `quit`, `exit` or the end of input. `first` runs before the first prompt, as a
    /// line of the session's (the person's startup file); a `quit` in it leaves.
    package func run(first: (@MainActor (Session) async -> Session.Step)? = nil) async -> Outcome {
        session.interactive = interactive
        if editor != nil {
            // A screen that changed by itself may lead elsewhere: the prompt follows.
            session.onUpdateByItself = { [weak self] in self?.showPromptAgain() }
        }
        if let first {
            loop.runFirst { [weak self] session in
                let step = await first(session)
                guard case .next = step else { return step }
                session.showTop()
                self?.reading = Task { await self?.readLines() }
                return step
            }
        } else {
            session.showTop()
            reading = Task { await readLines() }
        }
        // A reload may change where the person is: the prompt follows.
        let step = await loop.run { [weak self] report in
            if report == .reloaded { self?.showPromptAgain() }
            self?.afterEachLine()
        }
        if let reading {
            await reading.value
            hooks.idle()
        }
        if case .quit(let quitStatus) = step { status = quitStatus }
        return Outcome(failures: session.failures, status: status)
    }

    /// Reads lines and hands each to the loop, waiting for its end before the next prompt.
    private func readLines() async {
        var lineNumber = 0
        while true {
            if interactive { hooks.idle() }
            let prompt = currentPrompt()
            shownPrompt = prompt
            if !reader.hasPendingLine { hooks.waiting() }
            let read: LineReadResult
            if let interruptWatcher {
                read = await interruptWatcher.whileLineIsRead { await self.reader.readLine(prompt: prompt) }
            } else {
                read = await reader.readLine(prompt: prompt)
            }
            switch read {
            case .end:
                (output as? any TerminalView)?.endOfInput()
                feed.yield(.end)
                return
            case .interrupted:
                // Ctrl-C abandons the line.
                (output as? any TerminalView)?.lineCancelled()
            case .line(let line):
                lineNumber += 1
                reader.remember(line)
                let failuresBefore = session.failures
                guard case .lineEnded(_, let failed, let cancelled, let step)? = await loop.enter(line, id: lineNumber) else { return }
                // A program reading `--output json` reads up to this, the quit's answer too.
                endOfAnswer?.lineAnswered(lineNumber, failed: failed)
                guard case .next = step else { return }
                if stopsAtFirstError, session.failures > failuresBefore {
                    feed.yield(.end)
                    return
                }
                // Ctrl-C during a script stops it where it is, as in bash and gdb.
                if stopsOnInterrupt, cancelled || interruptCame || Terminal.takeInterrupt() {
                    session.linePrefix = nil
                    session.show(Notice(.warning, "the script stopped at line \(lineNumber): interrupted"))
                    status = Self.interruptedStatus
                    feed.yield(.end)
                    return
                }
            }
        }
    }
}
