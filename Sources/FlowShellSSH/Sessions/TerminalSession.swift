import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import FlowShellTerminal
import LineEditor

/// A shell over SSH: the terminal's own REPL (``Shell``) with the libedit prompt, Tab, this
/// session's history and live screens above the half-typed line, on the terminal side of the
/// session's pseudo-terminal, styled and fitted as its client's terminal type and window say.
/// Its session is the session core with the server's guards: no capability reaches this
/// machine's files or programs, its paths are taken out of what it shows, and long output is
/// not paged (the pager is a program of this machine).
@MainActor
final class TerminalSession: RunningSession {
    private let runtime: FlowRuntime
    let session: Session
    private let editor: EditLineReader
    private let console: StandardConsole
    private let shell: Shell
    private let user: ConnectedUser
    private let greeting: (title: String, version: String)
    private let colour: Bool

    /// Composes login `id`'s session on `terminal`, of type `type`; nil when libedit cannot start there.
    init?(
        id: Int, runtime: FlowRuntime, user: ConnectedUser, terminal: Int32, type: String, program: String,
        greeting: (title: String, version: String), guards: ServerGuards
    ) {
        self.runtime = runtime
        self.user = user
        self.greeting = greeting
        // Styled where the client's terminal type shows colours (its environment, NO_COLOR among
        // it, is not the server's to read).
        colour = Terminal.colours(ofType: type) >= 8
        console = StandardConsole(output: terminal, error: terminal)
        let output = TextOutput(
            console: RedactingConsole(console, redaction: guards.redaction), interactive: true, colour: colour, terminal: terminal,
            pages: false
        ) {
            Terminal.width(terminal) ?? 80
        }
        let session = Session(
            runtime: runtime, output: output,
            handlers: guards.lineHandlers(for: ServedSession(frontEnd: "ssh", id: String(id), user: user.name)), cancellable: true,
            showsProgress: true)
        self.session = session
        let completion = LoopCompletion()
        guard
            let editor = EditLineReader(
                program: program, terminal: .init(input: terminal, output: terminal, type: type),
                completer: completion.complete)
        else { return nil }
        editor.longestLine = LineLengthBound.longestLine
        self.editor = editor
        shell = Shell(
            session: session, reader: editor, output: output, interactive: true, colour: colour, terminal: terminal,
            completion: completion)
    }

    /// What the server's event loop may ask of the line editor.
    var control: LineReaderControl { editor.control }

    /// What the session knows now: where it is, its history, aliases and settings.
    var state: SessionState { session.state }

    /// Goes on from `state` (the user's last session), before ``run()`` shows the first screen.
    func resume(_ state: SessionState) async {
        await session.resume(state)
    }

    /// Called after each line and reload, when where the session is may have changed.
    var placeMayHaveChanged: () -> Void {
        get { shell.afterEachLine }
        set { shell.afterEachLine = newValue }
    }

    /// Greets the user and runs the REPL until `quit`, Ctrl-D or the client leaves; returns the
    /// exit status (`quit N`'s, else 0). The line editor is closed then.
    func run() async -> Int32 {
        let styler = TextStyler(colour: colour)
        console.write(
            Greeting.text(
                title: greeting.title, version: greeting.version,
                about: "\(runtime.flow.manifest.app), signed in as \(user.name)", styler: styler))
        runtime.startNotices.forEach(session.show)
        // What the screens show by themselves while a person types goes above the prompt.
        console.lineEditor = editor
        let outcome = await shell.run()
        console.lineEditor = nil
        editor.end()
        return outcome.status ?? 0
    }

    func interrupt() {
        shell.interrupt()
    }

    func hangUp() {
        // The read that waits ends as its terminal closes (the server side is closed with the
        // channel); the command that runs is cancelled, and the session ends.
        shell.hangUp()
    }
}
