import FlowCoordinator

/// The one loop a session is driven by: it reads a front end's ``SessionInput``s as they come —
/// never holding one back while a line runs — and owns the order of everything. Lines (and
/// reloads) run one at a time, in order; Tab and cancel are answered at once, even while a line
/// runs; the screens' background events are routed at once when no line runs, else after the
/// line; the screen is shown once after a change settles. It tells the front end each line's end
/// (``SessionReport``) and returns how the session ended.
///
/// A front end is an adapter that feeds it: it yields inputs into ``feed`` (from any thread or
/// task) and awaits ``run(report:)``. A loop runs once.
@MainActor
public final class SessionLoop {
    /// Where a front end yields its inputs; safe to use from any thread.
    public nonisolated let feed: AsyncStream<SessionInput>.Continuation
    private let inputs: AsyncStream<SessionInput>
    private let session: Session
    private let stopsAtFirstFailure: Bool
    private let numbersLines: Bool

    /// What waits to run, in order.
    private enum Work {
        case line(String, id: Int)
        case reload
        /// What a front end runs as a line before its first input (the terminal's startup file).
        case first(@MainActor (Session) async -> Session.Step)
    }

    private var queue: [Work] = []
    /// The lines cancelled while they waited: they do not run.
    private var cancelledWhileQueued: Set<Int> = []
    /// The id of the line that runs now.
    private var running: Int?
    /// Whether a cancel reached the line that runs now.
    private var runningCancelled = false
    /// Runs what is queued, one at a time; nil when nothing runs.
    private var runner: Task<Void, Never>?
    /// Whether a line entered when nothing ran or waited runs now in its caller's task.
    private var runsInline = false
    /// Whether ``run(report:)`` has begun: lines are taken only then.
    private var isRunning = false
    /// Routes the events the screens' background work emitted; nil when none are routed.
    private var routing: Task<Void, Never>?
    /// How many lines ran, for `line N: `.
    private var lineCount = 0
    /// Whether the input ended: the loop ends once what waits has run.
    private var inputEnded = false
    /// How the session ended, once it did.
    private var ended: Session.Step?
    private var report: @MainActor (SessionReport) -> Void = { _ in }
    /// Those waiting for a line's end (``enter(_:id:)``), by the line's id.
    private var lineEnds: [Int: CheckedContinuation<SessionReport?, Never>] = [:]

    /// A loop over `session`.
    /// - Parameters:
    ///   - stopsAtFirstFailure: the session ends after the first line that fails (a script, `ssh
    ///     HOST 'LINE'`); the lines waiting do not run.
    ///   - numbersLines: each line's errors and warnings begin `line N: ` (a script's).
    public init(session: Session, stopsAtFirstFailure: Bool = false, numbersLines: Bool = false) {
        self.session = session
        self.stopsAtFirstFailure = stopsAtFirstFailure
        self.numbersLines = numbersLines
        (inputs, feed) = AsyncStream<SessionInput>.makeStream()
    }

    /// Runs the session on the inputs fed to it until a line quits (`.quit(N)`), the input ends
    /// or the person hangs up (`.next`), or the first failure when the loop stops at one (`.next`).
    /// `report` hears of each line's end. Cancelling the calling task hangs up.
    public func run(report: @escaping @MainActor (SessionReport) -> Void) async -> Session.Step {
        self.report = report
        isRunning = true
        let flow = session.flow
        let feed = self.feed
        let routing = flow.onBackgroundEvents
        flow.onBackgroundEvents = { feed.yield(.backgroundEvents) }
        defer { flow.onBackgroundEvents = routing }
        // What the screens emitted before the loop ran (as the flow was restored) is routed now.
        if flow.hasQueuedEvents { feed.yield(.backgroundEvents) }
        runQueued()
        let inputs = self.inputs
        let reading = Task { @MainActor in
            for await input in inputs {
                await self.take(input)
            }
        }
        await withTaskCancellationHandler {
            await reading.value
        } onCancel: {
            feed.yield(.hangUp)
        }
        if let runner { await runner.value }
        if let routing = self.routing { await routing.value }
        // The lines that did not run (the session ended first) end with it.
        for waiting in lineEnds.values { waiting.resume(returning: nil) }
        lineEnds.removeAll()
        return ended ?? .next
    }

    /// Feeds `line`, with `id`, and waits for its end: what ``run(report:)`` reports of it (which
    /// its `report` hears too), or nil when the session ended before the line ran. What a front
    /// end that types one line at a time (a prompt, a harness, a pipe) awaits.
    public func enter(_ line: String, id: Int) async -> SessionReport? {
        if isRunning, runner == nil, !runsInline, queue.isEmpty, ended == nil, !inputEnded {
            // Nothing runs or waits (a prompt's next line, as a rule): the line runs here, in the
            // caller's task, sparing the hand-offs to the runner and back; the loop's reading
            // task stays free to answer Tab and cancel meanwhile, and what comes is queued.
            runsInline = true
            let told = await perform(.line(line, id: id))
            runsInline = false
            runQueued()
            return told
        }
        return await withCheckedContinuation { ended in
            lineEnds[id] = ended
            if case .terminated = feed.yield(.line(line, id: id)) { lineEnds.removeValue(forKey: id)?.resume(returning: nil) }
        }
    }

    /// Runs `work` as the first line, before any input is taken (the terminal's startup file);
    /// call it before ``run(report:)``. A `.quit` it returns ends the session.
    package func runFirst(_ work: @escaping @MainActor (Session) async -> Session.Step) {
        queue.insert(.first(work), at: 0)
    }

    private func take(_ input: SessionInput) async {
        switch input {
        case .line(let line, let id):
            guard ended == nil, !inputEnded else { return }
            queue.append(.line(line, id: id))
            runQueued()
        case .complete(let text, let reply):
            // Tab is answered at once, with the values the modules offer now.
            await session.refreshLinkParameterValues()
            reply(session.complete(text))
        case .cancel(let id):
            if let id, id != running {
                if queue.contains(where: { if case .line(_, id) = $0 { true } else { false } }) {
                    cancelledWhileQueued.insert(id)
                }
            } else if running != nil {
                runningCancelled = true
                session.cancelForegroundCommand()
            }
        case .backgroundEvents:
            routeBackgroundEvents()
        case .reload:
            guard ended == nil, !inputEnded else { return }
            queue.append(.reload)
            runQueued()
        case .end:
            inputEnded = true
            runQueued()
        case .hangUp:
            queue.removeAll()
            if ended == nil { ended = .next }
            if running != nil {
                runningCancelled = true
                session.cancelForegroundCommand()
            }
            runQueued()
        }
    }

    /// Starts running what waits unless something runs; ends the loop when nothing will.
    private func runQueued() {
        guard runner == nil, !runsInline else { return }
        if queue.isEmpty {
            if inputEnded || ended != nil { feed.finish() }
            return
        }
        runner = Task { @MainActor in
            while ended == nil, !queue.isEmpty {
                await perform(queue.removeFirst())
            }
            queue.removeAll()
            runner = nil
            runQueued()
        }
    }

    /// Runs one line (or reload) of the queue: what the screens push meanwhile is its answer,
    /// shown once its work settled; then its end is told, and the events background work
    /// emitted meanwhile are routed. Returns what was told of its end.
    @discardableResult
    private func perform(_ work: Work) async -> SessionReport? {
        if let routing { await routing.value }
        let view = session.topView
        view.holdsUpdates = true
        // A Ctrl-C before this line was for what ran then.
        session.interrupted = false
        let told = await performHeld(work)
        view.follow()
        // What the session has to say of the line (a setting that could not be kept).
        session.runtime.notices.take().forEach(session.show)
        view.holdsUpdates = false
        if let told {
            report(told)
            if case .lineEnded(let id, _, _, _) = told { lineEnds.removeValue(forKey: id)?.resume(returning: told) }
        }
        routeBackgroundEvents()
        return told
    }

    /// Runs `work`; returns what to tell of its end.
    private func performHeld(_ work: Work) async -> SessionReport? {
        switch work {
        case .reload:
            await session.reload()
            return .reloaded
        case .first(let work):
            let step = await work(session)
            if case .quit = step { ended = step }
            return nil
        case .line(let line, let id):
            lineCount += 1
            if numbersLines { session.linePrefix = "line \(lineCount): " }
            if cancelledWhileQueued.remove(id) != nil {
                session.show(Notice(.warning, "cancelled"))
                return .lineEnded(id: id, failed: true, cancelled: true, step: .next)
            }
            let failuresBefore = session.failures
            running = id
            runningCancelled = false
            let step = await session.run(line)
            running = nil
            let cancelled = runningCancelled || session.interrupted
            let failed = session.failures > failuresBefore
            if case .quit = step {
                ended = step
            } else if stopsAtFirstFailure, failed {
                ended = .next
            }
            // A line cancelled did not do what it was asked: it failed, as one that was refused.
            return .lineEnded(id: id, failed: failed || cancelled, cancelled: cancelled, step: step)
        }
    }

    /// Routes the events that open screens' background work emitted (their effects and
    /// subscriptions), as a command's are: at once when no line's answer is held (none runs, or
    /// it waits, as `wait` does), else after the line.
    private func routeBackgroundEvents() {
        let flow = session.flow
        guard !session.topView.holdsUpdates, routing == nil, flow.hasQueuedEvents else { return }
        routing = Task { @MainActor in
            while flow.hasQueuedEvents {
                await flow.processEvents().forEach(session.show)
                session.topView.follow()
            }
            routing = nil
            session.topView.onUpdateByItself()
        }
    }
}
