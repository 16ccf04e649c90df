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
    /// The one loop the tab's session runs on: the socket feeds it the page's lines, Tab and cancels.
    private let loop: SessionLoop
    /// Where the page's messages go in, from the socket's task.
    nonisolated let feed: AsyncStream<SessionInput>.Continuation
    /// Whether the user left with `quit`: the tab's place is then forgotten.
    private(set) var quit = false
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
        loop = SessionLoop(session: session)
        feed = loop.feed
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

    /// What Tab offers, as the page receives it.
    private struct Offer: Encodable {
        let id: Int
        let deleting: Int
        let insert: String
        let candidates: [String]
        let descriptions: [String: String]
    }

    /// What the loop is handed for the page's `message`: a line to run, Tab — answered with the
    /// terminal's completion, the session's with the link values the modules offer now (and no
    /// files: the session has no capability that reaches them) — or a cancel, as Ctrl-C at the
    /// terminal: of the line running, or of one waiting, which then does not run.
    nonisolated static func input(for message: ClientMessage, send: @escaping @Sendable (Data) -> Void) -> SessionInput {
        switch message.kind {
        case .run:
            return .line(message.line, id: message.id)
        case .cancel:
            return .cancel(id: message.id)
        case .complete:
            return .complete(message.line) { completion in
                let offer = Offer(
                    id: message.id, deleting: completion.deleting, insert: completion.insert,
                    candidates: completion.candidates, descriptions: completion.descriptions)
                if let data = MachineEncoding().message("completion", offer) { send(data) }
            }
        }
    }

    /// Runs the tab's session on what the page sends (``feed``) until it ends: each line's end is
    /// `done` (failed when it failed, was refused or cancelled), and `quit` says `ended`;
    /// `lineEnded` hears of each, by its id, after the page was told.
    func run(lineEnded: @escaping @MainActor (Int) -> Void) async {
        let step = await loop.run { [weak self] report in
            self?.reported(report)
            if case .lineEnded(let id, _, _, _) = report { lineEnded(id) }
        }
        if case .quit = step { quit = true }
    }

    private func reported(_ report: SessionReport) {
        guard case .lineEnded(let id, let failed, _, let step) = report else { return }
        emit(encoding.done(id: id, failed: failed))
        if case .quit = step {
            quit = true
            emit(encoding.message("ended", Ended(reason: "You left this session with quit.")))
        } else {
            placeMayHaveChanged()
        }
    }

    /// Why the session ended, for the page.
    struct Ended: Encodable {
        let reason: String
    }

    /// Ends what runs now and what is queued: the page went away.
    nonisolated func stop() {
        feed.yield(.hangUp)
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
