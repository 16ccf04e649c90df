import FlowShellKit

/// The bookings: reading them again, and cancelling one.
final class BookingListFeature: Feature, BookingListActions {
    nonisolated static let id = "booking.list"

    private let updater: BookingListUpdater
    private let interactor: BookingInteractor

    init(updater: BookingListUpdater, interactor: BookingInteractor) {
        self.updater = updater
        self.interactor = interactor
    }

    func cancel(code: String) async throws {
        _ = try await interactor.cancel(code: code)
        try await refresh()
    }

    func refresh() async throws {
        let bookings = try await interactor.bookings()
        updater.update(BookingListState(bookings: bookings, now: interactor.clock.now().timeIntervalSince1970))
    }
}
