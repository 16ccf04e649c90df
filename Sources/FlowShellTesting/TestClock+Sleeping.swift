import Clocks

extension TestClock<Duration> {
    /// Moves the clock on once some work sleeps on it. A screen's work starts on its own, so a
    /// test that moves the clock right after opening the screen (or right after an update) could
    /// move it before the work sleeps, and the work would then sleep past the moment the test
    /// meant; so this first waits until something sleeps, up to ``CountWaiters/livenessBound``.
    func advanceOnceSomethingSleeps(by duration: Duration) async {
        let giveUp = ContinuousClock.now + CountWaiters.livenessBound
        while ContinuousClock.now < giveUp, !Task.isCancelled {
            // It throws when something sleeps on the clock.
            guard (try? await checkSuspension()) != nil else { break }
            try? await Task.sleep(for: .milliseconds(1))
        }
        await advance(by: duration)
    }
}
