import FlowShellKit

/// Builds the confirmation screen from the car's id, name and price per hour.
struct BookingConfirmBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let priceText = try context.input.require("pricePerHour")
        guard let price = Int(priceText), price >= 0 else {
            throw UserFacingError("the price per hour '\(priceText)' is not a whole number")
        }
        let draft = BookingDraft(
            carID: try context.input.require("carID"),
            carName: try context.input.require("carName"),
            pricePerHour: price
        )
        let interactor = try BookingInteractor(services: context.services)
        let updater = BookingConfirmUpdater(state: draft)
        updater.describePeriod = { draft in
            let (start, end) = interactor.period(of: draft)
            return "\(draft.startsInHours == 0 ? "now" : BookingInteractor.time(start.timeIntervalSince1970)) to \(BookingInteractor.time(end.timeIntervalSince1970))"
        }
        let feature = BookingConfirmFeature(updater: updater, interactor: interactor, context: context)
        updater.actions = feature
        return updater.makeScreen(featureID: BookingConfirmFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: BookingConfirmFeature.id,
            title: "Confirm booking",
            inputs: ["carID", "carName", "pricePerHour"],
            events: [
                EventDeclaration("confirmed", payload: ["bookingID", "carID"], summary: "the booking was made"),
                EventDeclaration("cancelled", summary: "the user gave up"),
            ],
            commands: ["hours", "from", "confirm", "cancel"],
            make: { context in try await BookingConfirmBuilder().build(context: context) }
        )
    }
}
