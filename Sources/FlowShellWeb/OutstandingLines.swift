import Synchronization

/// How many of a page's lines have not ended yet (running or waiting to run): what bounds a
/// page that sends lines faster than they run.
final class OutstandingLines: Sendable {
    private let count = Mutex(0)

    /// A line was sent: true when fewer than `limit` lines had not ended, and it is counted;
    /// false when it is one too many.
    func began(below limit: Int) -> Bool {
        count.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// A line ended.
    func ended() {
        count.withLock { $0 -= 1 }
    }
}
