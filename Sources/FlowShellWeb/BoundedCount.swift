import Synchronization

/// A count, across threads, that goes up only while it is below a bound: the connections served
/// at once (and those being refused), a page's lines that have not ended yet (running or
/// waiting to run) — what bounds a page that sends lines faster than they run.
final class BoundedCount: Sendable {
    private let count = Mutex(0)

    /// Counts one more if fewer than `bound` are counted; says whether it did (false: one too many).
    func enter(below bound: Int) -> Bool {
        count.withLock { count in
            guard count < bound else { return false }
            count += 1
            return true
        }
    }

    /// One that was counted ended.
    func leave() {
        count.withLock { $0 -= 1 }
    }
}
