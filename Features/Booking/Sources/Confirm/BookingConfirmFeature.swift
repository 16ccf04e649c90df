import FlowShellKit

/// The logic of confirming a booking: choose the duration, then confirm (the `confirmed`
/// event with the booking's code) or cancel (the `cancelled` event).
final class BookingConfirmFeature: Feature, BookingConfirmActions {
    nonisolated static let id = "booking.confirm"

    private let updater: BookingConfirmUpdater
    private let emit: @MainActor (String, [String: String]) -> Void
    private let ledger: BookingLedger

    init(updater: BookingConfirmUpdater, context: FeatureContext) {
        self.updater = updater
        self.emit = context.emitter
        self.ledger = BookingLedger(store: context.store)
    }

    func setHours(_ hours: Int) {
        updater.mutate { $0.hours = hours }
    }

    func confirm() throws {
        if let code = updater.state.confirmationCode {
            throw UserFacingError("already booked — booking \(code)")
        }
        let code = ledger.nextCode
        let draft = updater.state
        // Saved before the screen says so: a booking shown as made is on disk.
        try ledger.add(BookingRecord(code: code, carID: draft.carID, carName: draft.carName, hours: draft.hours, total: draft.total))
        updater.mutate { $0.confirmationCode = code }
        emit("confirmed", ["bookingID": code, "carID": updater.state.carID])
    }

    func cancel() {
        emit("cancelled", [:])
    }
}
