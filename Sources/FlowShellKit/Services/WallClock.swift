import Foundation

/// What time it is for a screen, as a date. It moves as the screen's clock moves: the system's at
/// a prompt, a test's `TestClock` as the test moves it on, a recorded session's clock in its
/// replay. A screen that says how long ago something was, or counts down, reads `now` here rather
/// than from `Date()`, which a test cannot move (and a replay would not show the same).
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A wall clock that reads `now`.
    public init(now: @escaping @Sendable () -> Date) {
        read = now
    }

    /// The date `start`, moving on as `clock` does from this moment.
    public init<C: Clock>(startingAt start: Date, on clock: C) where C.Duration == Duration {
        let origin = clock.now
        read = {
            let elapsed = origin.duration(to: clock.now).components
            return start.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
    }

    /// The time now.
    public var now: Date { read() }
}
