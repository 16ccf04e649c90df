/// What one tab may send: `burst` messages at once, then `perSecond` a second (a token bucket).
/// A tab that sends faster is not refused: its next message is read once it may be, so a page
/// that floods the server slows only itself.
struct MessageRate {
    let perSecond: Int
    let burst: Int
    /// Messages the tab may send now, in fractions as time adds to them.
    private var allowance: Double
    /// When the allowance was last counted.
    private var counted: ContinuousClock.Instant

    init(perSecond: Int, burst: Int, now: ContinuousClock.Instant) {
        self.perSecond = perSecond
        self.burst = burst
        allowance = Double(burst)
        counted = now
    }

    /// Takes one message from the allowance; returns how long to wait before reading it
    /// (zero when it may be read at once).
    mutating func take(now: ContinuousClock.Instant) -> Duration {
        if now > counted {
            let elapsed = now - counted
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            allowance = min(Double(burst), allowance + seconds * Double(perSecond))
            counted = now
        }
        if allowance >= 1 {
            allowance -= 1
            return .zero
        }
        // The message is read when the allowance reaches one, and spends it.
        let wait = Duration.seconds((1 - allowance) / Double(perSecond))
        allowance = 0
        counted = max(counted, now) + wait
        return wait
    }
}
