import FlowShellKit
import Synchronization

/// A clock that stands still until its owner moves it on, which wakes the screens' sleeps that
/// end by then: a replay moves it to each recorded moment, and `test` to the end of the sleep a
/// command waits for.
///
/// Not swift-clocks' `TestClock`: ``ClockPacer`` must see the sleepers — when one starts, the
/// earliest wake, whether one ends by a moment — to move the clock only while a line waits and
/// never past its limit, and `TestClock` keeps its sleepers private and advances by yielding.
package final class ManualClock: Clock, Sendable {
    private struct Sleeper {
        let deadline: SessionInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The time and the sleeps; sleeps are resumed outside the lock.
    private struct State {
        var current = SessionInstant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
        var sleeps = 0
    }

    private let state = Mutex(State())
    private let onSleep: (@Sendable () -> Void)?

    /// A clock at zero; `onSleep` is told (on the sleeping task, outside the clock's lock) each
    /// time some work other than a screen's subscription starts to sleep on it.
    package init(onSleep: (@Sendable () -> Void)? = nil) {
        self.onSleep = onSleep
    }

    package var now: SessionInstant {
        state.withLock { $0.current }
    }

    package var minimumResolution: Duration { .zero }

    package func sleep(until deadline: SessionInstant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        // A screen's subscription sleeping is the screen's own doing, which no line waits for.
        let counted = !ScreenActivity.isSubscription
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.current { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    if counted { state.sleeps += 1 }
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                } else if counted {
                    onSleep?()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return Sleeper?.none
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Whether some work sleeps until `offset` after the start or earlier: moving the clock
    /// there wakes it.
    package func hasSleeper(until offset: Duration) -> Bool {
        state.withLock { $0.sleepers.values.contains { $0.deadline.offset <= offset } }
    }

    /// How many sleeps have started on the clock (that did not end at once), but for screens'
    /// subscriptions' (``ScreenActivity``).
    package var sleepCount: Int {
        state.withLock { $0.sleeps }
    }

    /// When the earliest sleep ends, as time since the start; nil when nothing sleeps.
    package var earliestWake: Duration? {
        state.withLock { $0.sleepers.values.map(\.deadline.offset).min() }
    }

    /// Moves the clock on to `offset` after the start (never back), waking the sleeps that
    /// end by then, earliest first.
    package func advance(to offset: Duration) {
        let due: [Sleeper] = state.withLock { state in
            guard offset > state.current.offset else { return [] }
            state.current = SessionInstant(offset: offset)
            let now = state.current
            let ready = state.sleepers.filter { $0.value.deadline <= now }
            for id in ready.keys { state.sleepers[id] = nil }
            return ready.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
