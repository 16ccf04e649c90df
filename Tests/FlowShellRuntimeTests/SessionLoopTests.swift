import FlowCoordinator
import FlowShellKit
@testable import FlowShellRuntime
import FlowShellTestSupport
import Testing

/// The one loop a session is driven by: lines in order, Tab and cancel at once.
@MainActor
@Suite struct SessionLoopTests {
    private func makeSession() async throws -> (Session, KeptOutput, SlowStarts) {
        let starts = SlowStarts()
        let runtime = try await FlowRuntime.start(
            config: SlowScreen.flow, modules: [SlowScreen.module(telling: starts)])
        let output = KeptOutput()
        let session = Session(runtime: runtime, output: output, cancellable: true)
        session.showTop()
        return (session, output, starts)
    }

    /// What a running loop reported, so far.
    @MainActor
    private final class Reports {
        var all: [SessionReport] = []
    }

    /// A new session's loop, running in a task of its own that ends with the loop.
    private func runningLoop() async throws -> (SessionLoop, KeptOutput, SlowStarts, Reports, Task<Session.Step, Never>) {
        let (session, output, starts) = try await makeSession()
        let loop = SessionLoop(session: session)
        let reports = Reports()
        let running = Task { await loop.run { reports.all.append($0) } }
        return (loop, output, starts, reports, running)
    }

    /// Waits until `slow` has started.
    private func slowStarted(_ starts: SlowStarts) async {
        var started = starts.started.makeAsyncIterator()
        await started.next()
    }

    /// What `loop` answers to Tab after `text`.
    private func tab(_ text: String, in loop: SessionLoop) async -> Completion {
        await withCheckedContinuation { answered in
            loop.feed.yield(.complete(text, reply: { answered.resume(returning: $0) }))
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func tabAndCancelAreAnsweredWhileALineRunsAndQueuedLinesWait() async throws {
        let (loop, output, starts, reports, running) = try await runningLoop()
        loop.feed.yield(.line("slow", id: 1))
        loop.feed.yield(.line("count", id: 2))
        loop.feed.yield(.line("count", id: 3))
        await slowStarted(starts)
        // The slow line runs: Tab is answered meanwhile.
        #expect(await tab("cou", in: loop).insert.hasPrefix("nt"))
        #expect(reports.all.isEmpty, "the slow line still runs")
        // A waiting line is cancelled, then the running one.
        loop.feed.yield(.cancel(id: 3))
        loop.feed.yield(.cancel(id: 1))
        loop.feed.yield(.end)
        let step = await running.value
        #expect(step == .next)
        #expect(
            reports.all == [
                .lineEnded(id: 1, failed: true, cancelled: true, step: .next),
                .lineEnded(id: 2, failed: false, cancelled: false, step: .next),
                .lineEnded(id: 3, failed: true, cancelled: true, step: .next),
            ])
        #expect(output.texts == ["count 0", "count 1"], "the cancelled lines changed nothing")
        #expect(output.notices.filter { $0.style != .muted }.map(\.text) == ["cancelled", "cancelled"])
    }

    @Test(.timeLimit(.minutes(5)))
    func cancelWithNoIDCancelsTheRunningLine() async throws {
        let (loop, _, starts, reports, running) = try await runningLoop()
        loop.feed.yield(.line("slow", id: 7))
        await slowStarted(starts)
        loop.feed.yield(.cancel(id: nil))
        loop.feed.yield(.end)
        #expect(await running.value == .next)
        #expect(reports.all == [.lineEnded(id: 7, failed: true, cancelled: true, step: .next)])
    }

    @Test func quitEndsTheLoopAndLaterLinesDoNotRun() async throws {
        let (session, output, _) = try await makeSession()
        let loop = SessionLoop(session: session)
        var reports: [SessionReport] = []
        loop.feed.yield(.line("quit 3", id: 1))
        loop.feed.yield(.line("count", id: 2))
        let step = await loop.run { reports.append($0) }
        #expect(step == .quit(3))
        #expect(reports == [.lineEnded(id: 1, failed: false, cancelled: false, step: .quit(3))])
        #expect(output.texts == ["count 0"])
    }

    @Test func aScriptStopsAtItsFirstFailureAndNumbersItsLines() async throws {
        let (session, output, _) = try await makeSession()
        let loop = SessionLoop(session: session, stopsAtFirstFailure: true, numbersLines: true)
        for (id, line) in ["count", "fail", "count"].enumerated() { loop.feed.yield(.line(line, id: id)) }
        loop.feed.yield(.end)
        var reports: [SessionReport] = []
        #expect(await loop.run { reports.append($0) } == .next)
        #expect(reports.map { if case .lineEnded(_, let failed, _, _) = $0 { failed } else { false } } == [false, true])
        #expect(output.notices.filter { $0.style != .muted }.map(\.text) == ["line 2: it broke"])
        #expect(output.texts == ["count 0", "count 1"])
    }

    @Test func aReloadRunsInTurnWithTheLinesAndIsTold() async throws {
        let (session, output, _) = try await makeSession()
        let loop = SessionLoop(session: session)
        loop.feed.yield(.line("count", id: 1))
        loop.feed.yield(.reload)
        loop.feed.yield(.line("count", id: 2))
        loop.feed.yield(.end)
        var reports: [SessionReport] = []
        #expect(await loop.run { reports.append($0) } == .next)
        #expect(
            reports == [
                .lineEnded(id: 1, failed: false, cancelled: false, step: .next), .reloaded,
                .lineEnded(id: 2, failed: false, cancelled: false, step: .next),
            ])
        #expect(output.texts == ["count 0", "count 1", "count 2"])
    }

    @Test func whatRunsFirstRunsBeforeAnyLineAndItsQuitEndsTheSession() async throws {
        let (session, output, _) = try await makeSession()
        let loop = SessionLoop(session: session)
        loop.runFirst { session in
            _ = await session.run("count")
            return .quit(4)
        }
        loop.feed.yield(.line("count", id: 1))
        var reports: [SessionReport] = []
        #expect(await loop.run { reports.append($0) } == .quit(4))
        #expect(reports.isEmpty, "the line after it did not run")
        #expect(output.texts == ["count 0", "count 1"])
    }

    @Test func enteringALineWaitsForItsEndAndALineAfterTheSessionEndedGetsNone() async throws {
        let (session, output, _) = try await makeSession()
        let loop = SessionLoop(session: session)
        let running = Task { await loop.run { _ in } }
        #expect(await loop.enter("count", id: 1) == .lineEnded(id: 1, failed: false, cancelled: false, step: .next))
        #expect(output.texts == ["count 0", "count 1"], "the line's screen was shown before its end was told")
        #expect(await loop.enter("quit", id: 2) == .lineEnded(id: 2, failed: false, cancelled: false, step: .quit(nil)))
        #expect(await loop.enter("count", id: 3) == nil)
        #expect(await running.value == .quit(nil))
    }

    /// A line entered when nothing runs or waits runs in the caller's task: the loop still answers
    /// Tab and cancel meanwhile, and a line fed meanwhile waits for its end.
    @Test(.timeLimit(.minutes(5)))
    func anEnteredLineLetsTabAndCancelThroughAndAFedLineWaitsItsTurn() async throws {
        let (loop, output, starts, reports, running) = try await runningLoop()
        #expect(await loop.enter("count", id: 1) == .lineEnded(id: 1, failed: false, cancelled: false, step: .next))
        let slow = Task { await loop.enter("slow", id: 2) }
        await slowStarted(starts)
        loop.feed.yield(.line("count", id: 3))
        #expect(await tab("cou", in: loop).insert.hasPrefix("nt"))
        loop.feed.yield(.cancel(id: nil))
        #expect(await slow.value == .lineEnded(id: 2, failed: true, cancelled: true, step: .next))
        loop.feed.yield(.end)
        #expect(await running.value == .next)
        #expect(
            reports.all == [
                .lineEnded(id: 1, failed: false, cancelled: false, step: .next),
                .lineEnded(id: 2, failed: true, cancelled: true, step: .next),
                .lineEnded(id: 3, failed: false, cancelled: false, step: .next),
            ])
        #expect(output.texts == ["count 0", "count 1", "count 2"])
    }

    @Test func hangingUpDropsWhatWaits() async throws {
        let (session, output, _) = try await makeSession()
        let loop = SessionLoop(session: session)
        loop.feed.yield(.hangUp)
        loop.feed.yield(.line("count", id: 1))
        var reports: [SessionReport] = []
        #expect(await loop.run { reports.append($0) } == .next)
        #expect(reports.isEmpty)
        #expect(output.texts == ["count 0"])
    }
}
