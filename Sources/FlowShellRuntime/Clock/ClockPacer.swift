/// Moves a ``ManualClock`` on while a line waits for it: once some work of the line (a command,
/// an effect; not a screen's subscription) sleeps on the clock during the line, the clock moves
/// to the earliest wake, then the next, until the line ends.
/// What a line waits for (an operator's round trip, a retry's pause) then passes at once, in
/// the order it would have passed, and time stands still between lines — what a replay and
/// `test` need, where the clock is theirs to move.
///
/// A wake is taken only after the work that sleeps has gone quiet for a moment (no new sleep
/// for ``settleTime``), so that sleeps started together (each operator asked at once) are all
/// on the clock before it moves.
@MainActor
package final class ClockPacer {
    /// How long no new sleep must start before the clock moves: the work that starts sleeps
    /// together starts them within it.
    package static let settleTime = Duration.milliseconds(1)

    private let clock: ManualClock
    private let sleeps: SleepSignal
    private var watcher: Task<Void, Never>?
    /// Whether the clock stopped at the line's limit (``begin(limit:)``) with work still
    /// sleeping past it.
    package private(set) var reachedLimit = false

    private init(clock: ManualClock, sleeps: SleepSignal) {
        self.clock = clock
        self.sleeps = sleeps
    }

    /// A manual clock at zero and its pacer.
    package static func make() -> (clock: ManualClock, pacer: ClockPacer) {
        let sleeps = SleepSignal()
        let clock = ManualClock { Task { @MainActor in sleeps.fire() } }
        return (clock, ClockPacer(clock: clock, sleeps: sleeps))
    }

    /// A line starts: from now until ``end()``, once some work starts to sleep on the clock,
    /// the clock moves to each wake in turn, but never past `limit` (time since the clock's
    /// start; nil: no limit).
    package func begin(limit: Duration? = nil) {
        end()
        reachedLimit = false
        let clock = clock
        let sleeps = sleeps
        // A sleep that started before the line is no reason to move, and neither is a screen's
        // subscription's (the clock does not count those): what a screen the line opens
        // sleeps until is the screen's own doing, which the line does not wait for.
        let before = clock.sleepCount
        watcher = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                await sleeps.wait()
                guard !Task.isCancelled else { return }
                guard clock.sleepCount != before else { continue }
                // Until the sleeps started together are all on the clock.
                while await Self.anotherSleepStarts(within: Self.settleTime, on: clock) {}
                while !Task.isCancelled, let wake = clock.earliestWake {
                    if let limit, wake > limit {
                        self?.reachedLimit = true
                        break
                    }
                    clock.advance(to: wake)
                    // What woke runs, and may sleep again.
                    while await Self.anotherSleepStarts(within: Self.settleTime, on: clock) {}
                }
            }
        }
    }

    /// The line ended: the clock stands still again.
    package func end() {
        watcher?.cancel()
        watcher = nil
        sleeps.release()
    }

    /// Whether a sleep starts on `clock` within `time` of real time.
    private static func anotherSleepStarts(within time: Duration, on clock: ManualClock) async -> Bool {
        let before = clock.sleepCount
        try? await Task.sleep(for: time)
        return clock.sleepCount != before && !Task.isCancelled
    }
}

/// Tells the pacer's watcher that a sleep started on the clock: one waiter, woken by the next
/// sleep (or by one that came while nobody waited), or released when the line ends.
@MainActor
private final class SleepSignal {
    private var waiter: CheckedContinuation<Void, Never>?
    private var fired = false

    func fire() {
        guard let waiter else {
            fired = true
            return
        }
        self.waiter = nil
        waiter.resume()
    }

    func wait() async {
        if fired {
            fired = false
            return
        }
        await withCheckedContinuation { waiter = $0 }
    }

    /// Wakes the waiter, whose task has been cancelled, and forgets what fired before.
    func release() {
        fired = false
        let waiter = self.waiter
        self.waiter = nil
        waiter?.resume()
    }
}
