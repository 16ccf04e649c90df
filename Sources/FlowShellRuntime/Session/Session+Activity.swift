import FlowCoordinator
import FlowShellKit

/// What the session does — idle, running a line, waiting inside one — and the routing of what
/// the screens do by themselves meanwhile.
extension Session {
    /// Runs `work` with the session doing `activity`, then as it was.
    func during<Result>(_ activity: SessionActivity, _ work: () -> Result) -> Result {
        let outer = self.activity
        self.activity = activity
        defer { self.activity = outer }
        return work()
    }

    /// Runs `work` as a line (a typed one, a script's, a reload): what the screens show meanwhile
    /// is its answer. When no line ran before it, the top screen is followed afterwards — what
    /// the screens pushed and nothing showed yet — and the events that background work emitted
    /// meanwhile are routed.
    package func asLine<Result>(_ work: () async -> Result) async -> Result {
        let outer = activity
        activity = .runningLine
        let result = await work()
        if outer == .idle {
            topView.follow()
            // What the session has to say of the line (a setting that could not be kept).
            runtime.notices.take().forEach(show)
        }
        activity = outer
        if outer == .idle { backgroundEventsArrived() }
        return result
    }

    /// Runs `work` while the line waits (`wait`): the screens change by themselves meanwhile,
    /// as at a prompt, and what background work emitted is routed at once.
    func whileWaiting(_ work: () async -> Void) async {
        let outer = activity
        activity = .waiting
        backgroundEventsArrived()
        await work()
        activity = outer
    }

    /// Routes the events that open screens' background work emitted (their effects and
    /// subscriptions), as a command's are: at once when no line runs, else after it.
    func backgroundEventsArrived() {
        guard activity != .runningLine, backgroundRouting == nil, flow.hasQueuedEvents else { return }
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

}
