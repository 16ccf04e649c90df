import FlowShellRuntime

/// How a harness types its lines: as any front end, it feeds them to its session's loop
/// (``SessionLoop``) and waits for each one's end. The loop runs from the start, routing what the
/// screens emit by themselves; a line that quits ends it, and the next line starts another, as
/// a harness goes on after `quit`.
@MainActor
final class LineDriver {
    private let session: Session
    /// The loop that runs the lines; nil after one quit.
    private var loop: SessionLoop?
    private var lastID = 0

    init(session: Session) {
        self.session = session
        loop = started()
    }

    /// Runs `line` and returns what comes next.
    func run(_ line: String) async -> Session.Step {
        let loop = self.loop ?? started()
        lastID += 1
        guard case .lineEnded(_, _, _, let step)? = await loop.enter(line, id: lastID) else { return .next }
        if case .quit = step, self.loop === loop { self.loop = nil }
        return step
    }

    private func started() -> SessionLoop {
        let loop = SessionLoop(session: session)
        self.loop = loop
        Task { _ = await loop.run { _ in } }
        return loop
    }

    isolated deinit {
        loop?.feed.yield(.end)
    }
}
