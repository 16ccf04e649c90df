import FlowShellRuntime

/// Bounds how fast one session's lines run: `burst` at once, then `perSecond` a second (a
/// ``TokenBucket``). A faster line waits its turn rather than being refused — a paste of a
/// script still runs whole — so that one person's flood of lines takes no more of the server's
/// time than that, whichever front end it comes through. A server composes its sessions with it
/// (``ServerGuards``).
@MainActor
public final class LineRate<C: Clock>: LineHandler where C.Duration == Duration {
    private let clock: C
    private var bucket: TokenBucket<C.Instant>

    /// Lets `burst` lines run at once and `perSecond` a second after that, timed by `clock`.
    public init(perSecond: Int, burst: Int, clock: C) {
        self.clock = clock
        bucket = TokenBucket(perSecond: perSecond, burst: burst, now: clock.now)
    }

    public func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        let wait = bucket.take(now: clock.now)
        // At most one line's share of a second: what the loop cancels meanwhile waits behind it.
        if wait > .zero { try? await clock.sleep(for: wait) }
        return await next(line)
    }
}
