import FlowShellRuntime

/// How a harness types its lines: as any front end, it feeds them to its session's loop
/// (``SessionLoop``) and waits for each one's end. The loop runs from the start, routing what the
/// screens emit by themselves; a line that quits ends it, and the next line starts another, as
/// a harness goes on after `quit`.
@MainActor
final class LineDriver {
    private let session: Session
    /// The loop that runs the lines, once one was typed; nil after one quit.
    private var loop: SessionLoop?
    private var lastID = 0
    /// Those waiting for a line's end, by the line's id.
    private var waiting: [Int: CheckedContinuation<Session.Step, Never>] = [:]

    init(session: Session) {
        self.session = session
        loop = started()
    }

    /// Runs `line` and returns what comes next.
    func run(_ line: String) async -> Session.Step {
        let loop = self.loop ?? started()
        lastID += 1
        let id = lastID
        return await withCheckedContinuation { ended in
            waiting[id] = ended
            loop.feed.yield(.line(line, id: id))
        }
    }

    private func started() -> SessionLoop {
        let loop = SessionLoop(session: session)
        self.loop = loop
        Task { [weak self] in
            _ = await loop.run { report in
                guard case .lineEnded(let id, _, _, let step) = report else { return }
                if case .quit = step, self?.loop === loop { self?.loop = nil }
                self?.waiting.removeValue(forKey: id)?.resume(returning: step)
            }
        }
        return loop
    }

    isolated deinit {
        loop?.feed.yield(.end)
    }
}
