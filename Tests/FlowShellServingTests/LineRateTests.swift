import Clocks
import FlowShellRuntime
import FlowShellServing
import Testing

/// One session's lines run no faster than its rate: a burst at once, then each waits its share.
@MainActor
@Suite struct LineRateTests {
    @Test(.timeLimit(.minutes(5)))
    func aLineBeyondTheBurstWaitsItsShareOfASecondAndThenRuns() async throws {
        let clock = TestClock()
        let (loop, view, running) = try await servedSession(handlers: [LineRate(perSecond: 2, burst: 2, clock: clock)])
        // The burst runs at once.
        _ = await loop.enter("count", id: 1)
        _ = await loop.enter("count", id: 2)
        #expect(view.texts == ["count 0", "count 1", "count 2"])
        let third = Task { await loop.enter("count", id: 3) }
        // The third line waits on the clock (half a second at two a second), not yet run.
        while (try? await clock.checkSuspension()) != nil { await Task.yield() }
        await clock.advance(by: .milliseconds(499))
        #expect(view.texts.last == "count 2")
        await clock.advance(by: .milliseconds(1))
        let report = await third.value
        #expect(report == .lineEnded(id: 3, failed: false, cancelled: false, step: .next))
        #expect(view.texts.last == "count 3")
        loop.feed.yield(.end)
        #expect(await running.value == .next)
    }

    @Test(.timeLimit(.minutes(5)))
    func linesSlowerThanTheRateNeverWait() async throws {
        let clock = TestClock()
        let (loop, view, running) = try await servedSession(handlers: [LineRate(perSecond: 2, burst: 1, clock: clock)])
        for id in 1...5 {
            // Each line comes half a second after the one before: none waits.
            await clock.advance(by: .milliseconds(500))
            _ = await loop.enter("count", id: id)
            #expect(view.texts.last == "count \(id)")
        }
        loop.feed.yield(.end)
        _ = await running.value
    }
}
