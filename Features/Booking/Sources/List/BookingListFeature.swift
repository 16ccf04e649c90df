import FlowShellKit

/// The confirmed bookings; it only shows them.
final class BookingListFeature: Feature {
    nonisolated static let id = "booking.list"

    private let updater: BookingListUpdater

    init(updater: BookingListUpdater) {
        self.updater = updater
    }
}
