import FlowShellKit

/// Builds the list of bookings from the module's settings.
struct BookingListBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let updater = BookingListUpdater(state: BookingLedger(store: context.store).bookings)
        let feature = BookingListFeature(updater: updater)
        return updater.makeScreen(featureID: BookingListFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: BookingListFeature.id,
            title: "My bookings",
            make: { context in try await BookingListBuilder().build(context: context) }
        )
    }
}
