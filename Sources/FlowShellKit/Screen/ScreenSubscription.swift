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

    /// Runs `body` while the screen is open: a loop of its own, which usually sleeps on the
    /// screen's clock (``Send/sleep(for:)``) until the state should change.
    public static func task(_ body: @escaping @MainActor @Sendable (S, Send<S>) async throws -> Void) -> Self {
        Self(run: body)
    }
}
