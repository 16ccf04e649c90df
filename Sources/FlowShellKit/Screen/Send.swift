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
        let deadline = clock.now.advanced(by: duration)
        try await clock.sleep(until: deadline, tolerance: nil)
    }
}
