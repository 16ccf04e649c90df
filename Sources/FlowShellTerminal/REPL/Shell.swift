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

/// The REPL: reads a line at a prompt that says where the user is, hands it to the
/// ``Session``, and goes on. Nothing a user types ends it but `quit`, `exit` or the end of input.
@MainActor
package final class Shell {
    private let session: Session
    private let reader: LineReader
    private let output: SessionView
    private let interactive: Bool
    private let promptStyler: TextStyler
    private let hooks: ShellHooks
    private let stopsAtFirstError: Bool
    private let stopsOnInterrupt: Bool
    /// The terminal the prompt is shown on, whose width it fits: the process's own, or a session's.
    private let terminal: Int32
    /// What turns Ctrl-C into cancelling the running command; it steps aside while a line is read.
    package var interruptWatcher: InterruptWatcher?
    /// Whether the shell waits at the prompt for a line.
    private var atPrompt = false
    /// A reload of the config begun at the prompt: a line entered meanwhile waits for it.
    private var reloading: Task<Void, Never>?

    /// - Parameter interactive: a person at a terminal (prompt shown), or a script (no prompt noise).
    /// - Parameter stopsAtFirstError: a script file ends at its first failed line.
    /// - Parameter stopsOnInterrupt: a script file ends at a Ctrl-C, with status 130.
    /// - Parameter terminal: the terminal the prompt is shown on (a session's, on a server).
    package init(
        session: Session, reader: LineReader, output: SessionView, interactive: Bool, colour: Bool,
        hooks: ShellHooks = ShellHooks(), stopsAtFirstError: Bool = false, stopsOnInterrupt: Bool = false,
        terminal: Int32 = STDOUT_FILENO
    ) {
        self.terminal = terminal
        self.session = session
        self.reader = reader
        self.output = output
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

    /// The config file changed: it is read again at once when the shell waits at the prompt —
    /// what the reload says goes above the prompt, and the half-typed line stays — else before
    /// the next prompt.
    package func configFileChanged() {
        guard atPrompt, reloading == nil, hooks.configChanged() else { return }
        reloading = Task {
            await session.reload()
            reloading = nil
            showPromptAgain()
        }
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

    /// The prompt drawn last.
    private var shownPrompt = ""

    /// The prompt for where the user is: the open screens, at a terminal; nothing in a script.
    private func currentPrompt() -> String {
        interactive
            ? PromptBuilder.prompt(layers: session.runtime.flow.router.layers, styler: promptStyler, width: Terminal.width(terminal) ?? 80)
            : ""
    }

    /// Runs until `quit`, `exit` or the end of input.
    package func run() async -> Outcome {
        session.interactive = interactive
        session.showTop()
        if editor != nil {
            // A screen that changed by itself may lead elsewhere: the prompt follows.
            session.onUpdateByItself = { [weak self] in self?.showPromptAgain() }
        }
        var lineNumber = 0
        while true {
            if hooks.configChanged() {
                await session.reload()
            }
            if interactive { hooks.idle() }
            let prompt = currentPrompt()
            shownPrompt = prompt
            if !reader.hasPendingLine { hooks.waiting() }
            let read: LineReadResult
            atPrompt = true
            if let interruptWatcher {
                read = await interruptWatcher.whileLineIsRead { await self.reader.readLine(prompt: prompt) }
            } else {
                read = await reader.readLine(prompt: prompt)
            }
            atPrompt = false
            if let reloading { await reloading.value }
            switch read {
            case .end:
                (output as? any TerminalView)?.endOfInput()
                hooks.idle()
                return Outcome(failures: session.failures)
            case .interrupted:
                // Ctrl-C abandons the line.
                (output as? any TerminalView)?.lineCancelled()
            case .line(let line):
                lineNumber += 1
                reader.remember(line)
                // A script's messages say which of its lines they are about.
                session.linePrefix = interactive ? nil : "line \(lineNumber): "
                let failuresBefore = session.failures
                let step = await session.run(line)
                if case .quit(let status) = step {
                    hooks.idle()
                    return Outcome(failures: session.failures, status: status)
                }
                if stopsAtFirstError, session.failures > failuresBefore {
                    hooks.idle()
                    return Outcome(failures: session.failures)
                }
                // Ctrl-C during a script stops it where it is, as in bash and gdb.
                if stopsOnInterrupt, session.interrupted || Terminal.takeInterrupt() {
                    session.linePrefix = nil
                    session.show(Notice(.warning, "the script stopped at line \(lineNumber): interrupted"))
                    hooks.idle()
                    return Outcome(failures: session.failures, status: Self.interruptedStatus)
                }
            }
        }
    }
}
