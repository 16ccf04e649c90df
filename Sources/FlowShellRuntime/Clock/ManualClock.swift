import Foundation

/// A clock that stands still until its owner moves it on, which wakes the screens' sleeps that
/// end by then: a replay moves it to each recorded moment, and `test` to the end of the sleep a
/// command waits for.
package final class ManualClock: Clock, @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`; sleeps are resumed outside it.
    private struct Sleeper {
        let deadline: SessionInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = SessionInstant(offset: .zero)
    private var sleepers: [Int: Sleeper] = [:]
    private var cancelled: Set<Int> = []
    private var nextID = 0
    private var sleeps = 0
    private let onSleep: (@Sendable () -> Void)?

    /// A clock at zero; `onSleep` is told (on the sleeping task, outside the clock's lock) each
    /// time some work starts to sleep on it.
    package init(onSleep: (@Sendable () -> Void)? = nil) {
        self.onSleep = onSleep
    }

    package var now: SessionInstant {
        lock.withLock { current }
    }

    package var minimumResolution: Duration { .zero }

    package func sleep(until deadline: SessionInstant, tolerance: Duration?) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    sleeps += 1
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    onSleep?()
                }
            }
        } onCancel: {
            let sleeper = lock.withLock {
                guard let sleeper = sleepers.removeValue(forKey: id) else {
                    cancelled.insert(id)
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
        lock.withLock { sleepers.values.contains { $0.deadline.offset <= offset } }
    }

    /// How many sleeps have started on the clock (that did not end at once).
    package var sleepCount: Int {
        lock.withLock { sleeps }
    }

    /// When the earliest sleep ends, as time since the start; nil when nothing sleeps.
    package var earliestWake: Duration? {
        lock.withLock { sleepers.values.map(\.deadline.offset).min() }
    }

    /// Moves the clock on to `offset` after the start (never back), waking the sleeps that
    /// end by then, earliest first.
    package func advance(to offset: Duration) {
        let due: [Sleeper] = lock.withLock {
            guard offset > current.offset else { return [] }
            current = SessionInstant(offset: offset)
            let ready = sleepers.filter { $0.value.deadline <= current }
            for id in ready.keys { sleepers[id] = nil }
            return ready.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
