import Synchronization

/// The time a recorded or replayed session runs on: it starts at a moment noted in the
/// recording and runs on a clock the screens also sleep on, so that a replay can move that clock
/// to each recorded moment and see the same updates.
///
/// While a typed line runs the clock reads the moment the line was typed (``hold()``): what a
/// command computes from the time then depends on when it was typed, which the recording
/// notes, not on how long the command took.
package final class SessionClock: Sendable {
    /// The session's first moment, in seconds since 1970.
    package let start: Double
    /// What the screens sleep on: registered among the services as `any Clock<Duration>`.
    package let sleeper: any Clock<Duration>
    private let elapsedNow: @Sendable () -> Duration
    /// The moment a typed line holds the clock at; read from any thread (a service asks the time).
    private let held = Mutex<Duration?>(nil)

    /// A clock that starts at `start` and whose time since then `elapsed` says; the screens
    /// sleep on `sleeper`, which must measure the same time.
    package init(start: Double, sleeper: any Clock<Duration>, elapsed: @escaping @Sendable () -> Duration) {
        self.start = start
        self.sleeper = sleeper
        self.elapsedNow = elapsed
    }

    /// The time since the session's start.
    package var elapsed: Duration {
        held.withLock { $0 } ?? elapsedNow()
    }

    /// What time it is in the session, in seconds since 1970.
    package var now: Double {
        start + Self.seconds(elapsed)
    }

    /// The time since the start as a recording notes it: whole milliseconds, rounded up, so
    /// that a replay moving its clock there wakes every sleep that had ended by then.
    package var elapsedMilliseconds: Int {
        Self.milliseconds(elapsed)
    }

    /// Reads the present moment until ``release()``: a typed line runs.
    package func hold() {
        let now = elapsedNow()
        held.withLock { $0 = now }
    }

    /// Runs on after ``hold()``.
    package func release() {
        held.withLock { $0 = nil }
    }

    /// `duration` in whole milliseconds, rounded up.
    package static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return Int(seconds) * 1000 + Int((attoseconds + perMillisecond - 1) / perMillisecond)
    }

    /// `duration` in seconds.
    package static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
