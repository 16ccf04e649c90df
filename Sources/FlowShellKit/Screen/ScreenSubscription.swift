/// A sequence a screen follows while it is open — a clock, a service's change stream — each
/// element a change of its state. Declared once on the screen type, in ``Screen/subscriptions``;
/// the host starts it when the screen opens and cancels it when the screen closes.
///
/// ```swift
/// static let subscriptions: [ScreenSubscription<Self>] = [
///     .following({ screen in screen.repository.changes() }) { screen, send, _ in
///         let bookings = try await screen.interactor.bookings()
///         send { $0.bookings = bookings }
///     },
/// ]
/// ```
public struct ScreenSubscription<S: Screen>: Sendable {
    let run: @MainActor @Sendable (S, Send<S>) async throws -> Void

    /// Follows `sequence` (made from the screen when it opens): for each element, `update` may
    /// look things up and change the state through its `Send`.
    public static func following<Elements: AsyncSequence & Sendable>(
        _ sequence: @escaping @MainActor @Sendable (S) -> Elements,
        update: @escaping @MainActor @Sendable (S, Send<S>, Elements.Element) async throws -> Void
    ) -> Self {
        Self { screen, send in
            for try await element in sequence(screen) {
                try await update(screen, send, element)
            }
        }
    }

    /// Wakes the screen when its state changes with time — a booking starts or ends — planned
    /// from the state it shows: `next` says how long from now until then (nil: nothing to wake
    /// for), and is asked again after every change of the state, whatever made it (a command,
    /// a subscription, `update` itself); `update` runs at that time, on the screen's clock. It
    /// lasts while the screen is open: a state with nothing to wake for waits for its next
    /// change.
    ///
    /// ```swift
    /// .timer(next: { screen, state in screen.untilNextStartOrEnd(of: state.bookings) }) { screen, send in
    ///     let now = screen.clock.now()
    ///     send { $0.now = now }
    /// }
    /// ```
    public static func timer(
        next: @escaping @MainActor @Sendable (S, S.State) -> Duration?,
        update: @escaping @MainActor @Sendable (S, Send<S>) async throws -> Void
    ) -> Self {
        Self { screen, send in
            while let state = send.state {
                if try await send.sleep(for: next(screen, state), unlessStateChanges: ()) {
                    try await update(screen, send)
                }
            }
        }
    }

    /// Runs `body` while the screen is open: a loop of its own, which usually sleeps on the
    /// screen's clock (``Send/sleep(for:)``) until the state should change.
    public static func task(_ body: @escaping @MainActor @Sendable (S, Send<S>) async throws -> Void) -> Self {
        Self(run: body)
    }
}
