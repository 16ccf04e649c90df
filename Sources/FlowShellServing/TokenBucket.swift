/// A rate with a burst (a token bucket): `burst` at once, then `perSecond` a second. Asked for
/// one, it says how long to wait before taking it — zero when it may be taken at once — so that
/// what comes faster is slowed, not refused: a tab's messages, a session's lines.
public struct TokenBucket<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// How many a second, after the burst.
    public let perSecond: Int
    /// How many at once.
    public let burst: Int
    /// What may be taken now, in fractions as time adds to it.
    private var allowance: Double
    /// When the allowance was last counted.
    private var counted: Instant

    /// A full bucket at `now`.
    public init(perSecond: Int, burst: Int, now: Instant) {
        self.perSecond = perSecond
        self.burst = burst
        allowance = Double(burst)
        counted = now
    }

    /// Takes one; returns how long to wait before using it (zero: at once).
    public mutating func take(now: Instant) -> Duration {
        if now > counted {
            let elapsed = counted.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            allowance = min(Double(burst), allowance + seconds * Double(perSecond))
            counted = now
        }
        if allowance >= 1 {
            allowance -= 1
            return .zero
        }
        // It is used when the allowance reaches one, and spends it.
        let wait = Duration.seconds((1 - allowance) / Double(perSecond))
        allowance = 0
        counted = (counted > now ? counted : now).advanced(by: wait)
        return wait
    }
}
