/// What a screen's background work — an effect, a subscription — changes its state and emits
/// events with. Each change goes through the host's one update path: the state changes, is
/// rendered and pushed to the View; events go to the flow, which routes them as a command's.
/// Once the screen has closed, nothing sent changes anything.
@MainActor
public final class Send<S: Screen>: Sendable {
    private weak var host: ScreenHost<S>?
    /// Whether the work has slept on the clock: its changes are then time's
    /// (``ScreenUpdateOrigin``).
    private var sleptOnClock = false

    init(host: ScreenHost<S>) {
        self.host = host
    }

    /// Changes the screen's state; the View shows the new one.
    public func callAsFunction(_ change: (inout S.State) -> Void) {
        guard !Task.isCancelled else { return }
        ScreenUpdateOrigin.$current.withValue(sleptOnClock ? .time : .other) {
            host?.apply(change)
        }
    }

    /// Emits a declared event with its payload.
    public func emit<Payload: ScreenValue>(_ event: KeyPath<S.Events, Event<Payload>>, _ payload: Payload) {
        guard !Task.isCancelled else { return }
        host?.emitInBackground(FeatureEvent(EventCatalog<S.Events>.shared.name(of: event), payload: payload.values))
    }

    /// Emits a declared event that carries nothing.
    public func emit(_ event: KeyPath<S.Events, Event<Nothing>>) {
        guard !Task.isCancelled else { return }
        host?.emitInBackground(FeatureEvent(EventCatalog<S.Events>.shared.name(of: event), payload: [:]))
    }

    /// The clock the screen's services give (a test's clock in tests).
    public var clock: any Clock<Duration> {
        host?.clock ?? ContinuousClock()
    }

    /// Sleeps on the screen's clock for `duration` from now. The deadline is read from the
    /// clock at once, on the screen's actor, so that a test which moves its clock on right
    /// after wakes the sleep as it means to. The changes sent after it are time's
    /// (``ScreenUpdateOrigin/time``): a replay brings them again by moving its clock on.
    public func sleep(for duration: Duration) async throws {
        try await Self.sleep(on: clock, for: duration)
        sleptOnClock = true
    }

    private static func sleep<C: Clock>(on clock: C, for duration: Duration) async throws where C.Duration == Duration {
        try await sleeper(on: clock, for: duration)()
    }

    /// A sleep until `duration` from now, the deadline read at once.
    private static func sleeper<C: Clock>(on clock: C, for duration: Duration) -> @Sendable () async throws -> Void
    where C.Duration == Duration {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// The screen's state now; nil once the screen has closed.
    var state: S.State? {
        guard let host, !Task.isCancelled else { return nil }
        return host.state
    }

    /// Sleeps on the screen's clock for `duration` from now (nil: for no time at all), unless
    /// the screen's state changes first; true when the time came, false when the state changed.
    /// As with ``sleep(for:)``, the deadline is read at once.
    func sleep(for duration: Duration?, unlessStateChanges _: Void) async throws -> Bool {
        guard let host else { throw CancellationError() }
        let change = host.nextStateChange()
        let wake = duration.map { Self.sleeper(on: clock, for: $0) }
        let timeCame = try await withThrowingTaskGroup(of: Bool.self) { group in
            if let wake {
                group.addTask {
                    try await wake()
                    return true
                }
            }
            group.addTask {
                await change.wait()
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
        try Task.checkCancellation()
        if timeCame { sleptOnClock = true }
        return timeCame
    }
}
