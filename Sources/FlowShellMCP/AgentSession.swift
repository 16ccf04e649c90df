import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// One agent's session: a runtime and a session of the core of its own, composed as a
/// browser tab's is — the server's guards as its line handlers, no capability of this machine
/// — and driven by the one session loop. A tool call hands it a line and waits for that line's
/// end; what the session said meanwhile and the screen it shows then are the call's answer.
@MainActor
final class AgentSession {
    /// The handle an agent names the session by.
    let handle: String
    let runtime: FlowRuntime
    private let session: Session
    private let view: AgentView
    private let loop: SessionLoop
    private var nextLine = 0
    /// The tool calls waiting for their line's end, by the line's id.
    private var waiting: [Int: CheckedContinuation<LineEnd, Never>] = [:]
    private var running: Task<Void, Never>?
    /// The lines asked about that wait for the person's answer, by the state handed out.
    private var asked: [String: String] = [:]
    /// Whether the session ended (`quit`): it takes no more lines.
    private(set) var ended = false

    /// How a line ended.
    struct LineEnd: Equatable {
        let failed: Bool
        let quit: Bool
    }

    /// What a line answered: how it ended and what the session said while it ran.
    struct Answer {
        let end: LineEnd
        let said: [AgentView.Said]
    }

    /// What runs no command needing the person's yes without it.
    private let confirmations = ConfirmationGuard()
    /// What refuses a command that changes what the app keeps, when the config says agents only look.
    private let readOnly = ReadOnlyGuard()

    init(handle: String, runtime: FlowRuntime, handlers: [any LineHandler], recorder: (any AgentRecorder)? = nil) {
        self.handle = handle
        self.runtime = runtime
        view = AgentView()
        view.recorder = recorder
        // Read-only first: a command refused to agents is refused before any person is asked.
        session = Session(runtime: runtime, output: view, handlers: handlers + [readOnly, confirmations], cancellable: true)
        loop = SessionLoop(session: session)
        confirmations.session = session
        readOnly.session = session
        view.changedByItself = { [weak self] in self?.onUpdate() }
    }

    /// Called when the session's screen changed by itself.
    var onUpdate: () -> Void = {}

    /// Goes on from `state` if given, opens `link` if given (its notices said, as a tab's
    /// are), shows the top screen and starts reading lines; returns what was said.
    func start(resuming state: SessionState?, opening link: String?, notices: [Notice]) async -> [AgentView.Said] {
        notices.forEach(session.show)
        if let state { await session.resume(state) }
        if let link {
            await runtime.flow.open(link).forEach(session.show)
        }
        session.showTop()
        let loop = self.loop
        running = Task { [weak self] in
            _ = await loop.run { report in self?.reported(report) }
            self?.finished()
        }
        return view.take()
    }

    private func reported(_ report: SessionReport) {
        switch report {
        case .lineEnded(let id, let failed, _, let step):
            var quit = false
            if case .quit = step { quit = true }
            waiting.removeValue(forKey: id)?.resume(returning: LineEnd(failed: failed, quit: quit))
        case .reloaded:
            // An agent's session is not told of a config read again: no config watch feeds it.
            break
        }
    }

    private func finished() {
        ended = true
        for (_, waiter) in waiting { waiter.resume(returning: LineEnd(failed: true, quit: true)) }
        waiting = [:]
    }

    /// Runs `line` as a person's typed line, in turn with the session's other lines.
    func run(_ line: String) async -> Answer {
        guard !ended else {
            return Answer(end: LineEnd(failed: true, quit: true), said: [AgentView.Said(kind: "error", text: "this session has ended")])
        }
        view.recorder?.recordInput(line)
        nextLine += 1
        let id = nextLine
        let feed = loop.feed
        let end = await withCheckedContinuation { (continuation: CheckedContinuation<LineEnd, Never>) in
            waiting[id] = continuation
            feed.yield(.line(line, id: id))
        }
        return Answer(end: end, said: view.take())
    }

    /// Whether a tool call waits for a line of this session.
    var isBusy: Bool { !waiting.isEmpty }

    /// What Tab offers for `text` now.
    func complete(_ text: String) async -> Completion {
        let feed = loop.feed
        return await withCheckedContinuation { (continuation: CheckedContinuation<Completion, Never>) in
            feed.yield(.complete(text) { continuation.resume(returning: $0) })
        }
    }

    /// What the session shows now: the top screen's id and its properties as offered (with the
    /// commands the config adds), nil before the flow has started.
    var screen: (id: String, properties: ViewProperties)? {
        guard let properties = session.topProperties else { return nil }
        return (view.screen?.featureID ?? runtime.flow.top?.featureID ?? "", properties)
    }

    /// The session's global commands.
    var globalCommands: [CommandDescription] { session.globalCommands }

    /// What the session knows now: its place, history, aliases and settings.
    var state: SessionState { session.state }

    /// Ends the session: what runs is cancelled, its screens closed and plugins stopped.
    func close() async -> SessionState {
        let state = session.state
        loop.feed.yield(.hangUp)
        await running?.value
        runtime.flow.closeAll()
        await runtime.stopPlugins()
        return state
    }
}

extension AgentSession {
    /// What `name` runs here, when it is a command offered now (not an alias).
    func offeredCommand(named name: String) -> CommandDescription? {
        session.offered.command(named: name)?.description
    }

    /// What the person is asked before `line` runs, when its command (itself, or through an
    /// alias) is one of the top screen's that the config says needs a person's yes; nil when
    /// it runs as it is.
    func confirmationQuestion(for line: String) -> String? {
        let offered = session.offered
        // A line read-only sessions refuse is refused as it runs: no person is asked about it.
        guard ConfirmationGuard.commandNeedingYes(line, in: session) != nil, ReadOnlyGuard.refusal(of: line, in: session) == nil else {
            return nil
        }
        return "Your agent asks to run “\(line)” on \(offered.screen?.title ?? runtime.flow.top?.featureID ?? ""). Allow it?"
    }

    /// Lets `line`, which the person said yes to, run once.
    func approve(_ line: String) {
        confirmations.approve(line)
    }

    /// Keeps `line` as asked about; returns the state the client hands back with the answer.
    func askConfirmation(for line: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let state = String(generator.next() as UInt64, radix: 16) + String(generator.next() as UInt64, radix: 16)
        // An agent that asks again and again holds no more than a few questions.
        if asked.count >= 16 { asked.removeAll() }
        asked[state] = line
        return state
    }

    /// Whether `state` was handed out for `line`; it is then used up.
    func takeConfirmation(_ state: String, for line: String) -> Bool {
        guard asked[state] == line else { return false }
        asked[state] = nil
        return true
    }
}
