import FlowShellKit
import FlowShellRuntime
import Testing

/// The pacer moves a replay's clock for what a line waits for, never for what a screen sleeps
/// until by itself — not even a screen the line opened: a replay must not depend on whether the
/// line's answer came before the pacer looked.
@MainActor
@Suite struct ClockPacerTests {
    @Test func aSubscriptionsSleepIsNoReasonToMoveTheClock() async throws {
        let (clock, pacer) = ClockPacer.make()
        pacer.begin()
        defer { pacer.end() }
        // A screen the line opens sleeps an hour, until its next change.
        let subscription = ScreenActivity.$isSubscription.withValue(true) {
            Task { try await clock.sleep(until: SessionInstant(offset: .seconds(3600)), tolerance: nil) }
        }
        while clock.earliestWake == nil { await Task.yield() }
        // Long past the pacer's settling time, the clock still stands at the line's moment.
        try await Task.sleep(for: .milliseconds(50))
        #expect(clock.sleepCount == 0)
        #expect(clock.now.offset == .zero)
        subscription.cancel()
    }

    @Test func aSleepTheLineWaitsForPassesAtOnce() async throws {
        let (clock, pacer) = ClockPacer.make()
        pacer.begin()
        defer { pacer.end() }
        // An operator's round trip of two seconds, on the session's clock.
        try await clock.sleep(until: SessionInstant(offset: .seconds(2)), tolerance: nil)
        #expect(clock.sleepCount == 1)
        #expect(clock.now.offset == .seconds(2))
    }
}
