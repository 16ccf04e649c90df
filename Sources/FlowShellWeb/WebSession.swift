import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation

/// One browser tab: a runtime and a session of its own (its stack, history, aliases and
/// settings), whose View is the page. Lines from the page go through the same session core as a
/// line typed at the terminal; nothing in the runtime knows it is a browser. The session is
/// composed with the core and the server's guards: the person at the page may not be the person
/// at this machine, so it has no capability that reaches the machine's files or programs.
@MainActor
final class WebSession {
    /// The tab's id, which the page keeps to come back to where it was after a reload.
    let tab: String
    let runtime: FlowRuntime
    private let session: Session
    private let send: @Sendable (Data) -> Void
    private let encoding = MachineEncoding()
    /// Set when the session is ending: lines still queued are not run.
    private var stopping = false
    /// Whether the user left with `quit`: the tab's place is then forgotten.
    private(set) var quit = false
    /// The page's number of the line running now.
    private var running: Int?
    /// The numbers of the lines waiting to run.
    private var queued: Set<Int> = []
    /// Lines the page cancelled while they waited: they do not run.
    private var cancelledWhileQueued: Set<Int> = []
    /// Whether the page cancelled the line running now.
    private var runningCancelled = false
    /// Called when where the tab is may have changed: after a line, after the top screen
    /// changed by itself, once the session started.
    var placeMayHaveChanged: () -> Void = {}

    init(tab: String, runtime: FlowRuntime, handlers: [any LineHandler], send: @escaping @Sendable (Data) -> Void) {
        self.tab = tab
        self.runtime = runtime
        self.send = send
        let flow = runtime.flow
        let output = WebOutput(links: { flow.manifest.links }, send: send)
        session = Session(runtime: runtime, output: output, handlers: handlers, cancellable: true, showsProgress: true)
        session.onUpdateByItself = { [weak self] in self?.placeMayHaveChanged() }
    }

    /// What the tab's session knows now: its place, history, aliases and settings.
    var state: SessionState { session.state }

    /// What the page learns first: its tab, the app, the global commands it offers, and the
    /// flow's deep links as the config writes them (`/cars/:carID`), which `open`'s field shows
    /// as examples.
    private struct Opening: Encodable {
        let tab: String
        let app: String
        let title: String
        let globalCommands: [CommandDescription]
        let links: [String]
    }

    /// Tells the page who it is, then goes on from what the tab's session knew (`resuming`: its
    /// place, history, aliases and settings), else opens the deep link its address names
    /// (`link`), else the root, and shows the top screen.
    func start(title: String, resuming state: SessionState?, opening link: String?, notices: [Notice]) async {
        let manifest = runtime.flow.manifest
        emit(
            encoding.message(
                "session",
                Opening(
                    tab: tab, app: manifest.app, title: title, globalCommands: session.globalCommands,
                    links: manifest.links.map(\.pattern))))
        notices.forEach(session.show)
        if let state { await session.resume(state) }
        if let link {
            await runtime.flow.open(link).forEach(session.show)
        }
        session.showTop()
        placeMayHaveChanged()
    }

    /// Tells the page `notice`, outside any line.
    func tell(_ notice: Notice) {
        session.show(notice)
    }

    private struct Done: Encodable {
        let id: Int
        let failed: Bool
    }

    /// What Tab offers, as the page receives it.
    private struct Offer: Encodable {
        let id: Int
        let deleting: Int
        let insert: String
        let candidates: [String]
        let descriptions: [String: String]
    }

    /// Answers Tab with the terminal's completion: the session's, with the link values the
    /// modules offer now (and no files: the session has no capability that reaches them).
    func complete(_ message: ClientMessage) async {
        await session.refreshLinkParameterValues()
        let completion = session.complete(message.line)
        emit(
            encoding.message(
                "completion",
                Offer(
                    id: message.id, deleting: completion.deleting, insert: completion.insert,
                    candidates: completion.candidates, descriptions: completion.descriptions)))
    }

    /// A line the page sent waits to run.
    func enqueued(_ message: ClientMessage) {
        queued.insert(message.id)
    }

    /// Cancels the page's line `id`, as Ctrl-C at the terminal: the one running, or one waiting,
    /// which then does not run. A line that ended already is left as it was.
    func cancel(_ id: Int) {
        if running == id {
            runningCancelled = true
            session.cancelForegroundCommand()
        } else if queued.contains(id) {
            cancelledWhileQueued.insert(id)
        }
    }

    /// Runs the page's lines in order until there are no more, or the session ends.
    func serve(_ messages: AsyncStream<ClientMessage>) async {
        for await message in messages {
            if stopping { break }
            queued.remove(message.id)
            if cancelledWhileQueued.remove(message.id) != nil {
                session.show(Notice(.warning, "cancelled"))
                emit(encoding.message("done", Done(id: message.id, failed: true)))
                continue
            }
            let failuresBefore = session.failures
            running = message.id
            runningCancelled = false
            let step = await session.run(message.line)
            running = nil
            // A line cancelled did not do what it was asked: it failed, as one that was refused.
            emit(encoding.message("done", Done(id: message.id, failed: session.failures > failuresBefore || runningCancelled)))
            if case .quit = step {
                quit = true
                emit(encoding.message("ended", Ended(reason: "You left this session with quit.")))
                break
            }
            placeMayHaveChanged()
        }
    }

    /// Why the session ended, for the page.
    struct Ended: Encodable {
        let reason: String
    }

    /// Ends what runs now and what is queued: the page went away.
    func stop() {
        stopping = true
        session.cancelForegroundCommand()
    }

    /// Closes the tab's screens and stops its plugins; returns what its session knew.
    func close() async -> SessionState {
        let state = session.state
        runtime.flow.closeAll()
        await runtime.stopPlugins()
        return state
    }

    private func emit(_ data: Data?) {
        if let data { send(data) }
    }
}
