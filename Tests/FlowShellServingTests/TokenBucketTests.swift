import FlowShellServing
import Testing

/// A rate with a burst (what a tab may send, the lines a session runs): a burst at once, then so
/// many a second; what comes faster waits.
@Suite struct TokenBucketTests {
    let start = ContinuousClock.now

    @Test func aBurstIsReadAtOnceAndTheNextWaitsItsShare() {
        var rate = TokenBucket(perSecond: 100, burst: 200, now: start)
        for _ in 0..<200 { #expect(rate.take(now: start) == .zero) }
        #expect(rate.take(now: start) == .milliseconds(10))
        // Each message more waits a further hundredth of a second.
        #expect(rate.take(now: start + .milliseconds(10)) == .milliseconds(10))
    }

    @Test func timeGivesTheAllowanceBackUpToTheBurst() {
        var rate = TokenBucket(perSecond: 100, burst: 200, now: start)
        for _ in 0..<200 { _ = rate.take(now: start) }
        // Half a second later: fifty may be read at once, not more.
        let later = start + .milliseconds(500)
        for _ in 0..<50 { #expect(rate.take(now: later) == .zero) }
        #expect(rate.take(now: later) > .zero)
        // A long pause gives back the burst, never more.
        let muchLater = later + .seconds(60)
        for _ in 0..<200 { #expect(rate.take(now: muchLater) == .zero) }
        #expect(rate.take(now: muchLater) > .zero)
    }

    @Test func aTabThatSendsSlowerThanTheRateNeverWaits() {
        var rate = TokenBucket(perSecond: 100, burst: 200, now: start)
        for index in 0..<10_000 {
            #expect(rate.take(now: start + .milliseconds(20 * index)) == .zero)
        }
    }
}
