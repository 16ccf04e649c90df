import FlowShellKit

/// The logic of confirming a booking: choose the duration, then confirm (the `confirmed`
/// event with the booking's code) or cancel (the `cancelled` event).
final class BookingConfirmFeature: Feature, BookingConfirmActions {
    nonisolated static let id = "booking.confirm"

    private let updater: BookingConfirmUpdater
    private let emit: @MainActor (String, [String: String]) -> Void
    private let interactor: BookingInteractor

    init(updater: BookingConfirmUpdater, interactor: BookingInteractor, context: FeatureContext) {
        self.updater = updater
        self.interactor = interactor
        self.emit = context.emitter
    }

    func setHours(_ hours: Int) {
        updater.mutate { $0.hours = hours }
    }

    func setStart(inHours hours: Int) {
        updater.mutate { $0.startsInHours = hours }
    }

    func confirm() async throws {
        if let code = updater.state.confirmationCode {
            throw UserFacingError("already booked — booking \(code)")
        }
        // Saved before the screen says so: a booking shown as made is on disk.
        let booking = try await interactor.book(updater.state)
        updater.mutate { $0.confirmationCode = booking.code }
        emit("confirmed", ["bookingID": booking.code, "carID": booking.carID])
    }

    func cancel() {
        emit("cancelled", [:])
    }
}
