import FlowCoordinator
import FlowShellKit

/// What a global command, a capability's option or destination, and a line handler may ask of
/// the session they run in — its View, its failures, what it offers, its flow, running lines —
/// and nothing more: none of them is handed the session itself, so that a capability or a front
/// end written outside this package composes a session from this face alone.
@MainActor
public final class SessionContext {
    /// The session; the core's own commands reach its state through it.
    unowned let session: Session

    init(session: Session) {
        self.session = session
    }

    /// The View, which a line's redirection points elsewhere while it runs.
    public var view: any SessionView { session.output }

    /// Shows a notice; an error counts as a failed line.
    public func show(_ notice: Notice) {
        session.show(notice)
    }

    /// Shows `message` as an error: the line failed.
    public func fail(_ message: String) {
        session.fail(message)
    }

    /// Writes out what the View holds back, before a program writes to the same place.
    public func flush() {
        session.output.flush()
    }

    /// Whether a person is at a terminal; a script never confirms.
    public var interactive: Bool { session.interactive }

    /// How many lines have failed in this session so far: a handler that compares it before and
    /// after the rest of the chain knows whether its line failed.
    public var failures: Int { session.failures }

    /// The commands the session offers now.
    public var offered: OfferedCommands { session.offered }

    /// The running flow.
    public var flow: AppFlowCoordinator { session.flow }

    /// The app's name, as its config says (`carsharing`).
    public var appName: String { session.flow.manifest.app }

    /// Runs `line` as if typed, through the session's line handlers.
    public func run(_ line: String) async -> Session.Step {
        await session.run(line)
    }

    /// Runs each line of `text` as if typed, its messages naming `NAME:N`; the first failed line
    /// stops it unless `keepGoing`, and so does Ctrl-C. `showsLines`: each line is shown before
    /// it runs and its messages read as a typed line's; `remembersLines`: its lines join the
    /// history as typed ones (a script the person just wrote).
    public func runScript(
        _ text: String, named name: String, keepGoing: Bool, showsLines: Bool = false,
        remembersLines: Bool = false
    ) async -> Session.Step {
        await session.scripts.run(
            text, named: name, in: session, keepGoing: keepGoing, showsLines: showsLines, remembersLines: remembersLines)
    }

    /// The lines of this session's history that `range` names (`N`, `A..B`, `-N`…), with their
    /// numbers; nil, with the failure said, when it names none.
    public func historyLines(_ range: String) -> [(number: Int, line: String)]? {
        session.historyLines(range)
    }

    /// The number of the last line typed before the one that runs now (0: none).
    public var lastLineNumber: Int { session.recall.lastLineNumber }

    /// Takes the line that runs now out of the history, so that the lines it runs take its
    /// place (bash's `fc`); returns whether it was there.
    public func giveThisLinesPlaceToWhatItRuns() -> Bool {
        session.recall.giveThisLinesPlaceToWhatItRuns()
    }

    /// A Ctrl-C that came while the line ran was taken by a program it ran in the foreground
    /// (an editor): it stops nothing of the session's.
    public func interruptTaken() {
        session.interruptTaken()
    }
}
