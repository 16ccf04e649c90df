import FlowShellRuntime

/// A recorded session's clock: the system's continuous clock since the session started, run
/// `rate` times as fast (1 but for tests and demonstrations, which see an hour of a screen's
/// life in seconds).
struct ScaledClock: Clock {
    /// How many seconds of the session pass in one real second.
    let rate: Double
    private let origin: ContinuousClock.Instant

    /// A clock at zero now.
    init(rate: Double) {
        self.rate = rate
        origin = ContinuousClock.now
    }

    var now: SessionInstant {
        SessionInstant(offset: (ContinuousClock.now - origin) * rate)
    }

    var minimumResolution: Duration {
        ContinuousClock().minimumResolution * rate
    }

    func sleep(until deadline: SessionInstant, tolerance: Duration?) async throws {
        let remaining = now.duration(to: deadline)
        if remaining > .zero {
            try await ContinuousClock().sleep(for: remaining / rate)
        } else {
            try Task.checkCancellation()
        }
    }
}
