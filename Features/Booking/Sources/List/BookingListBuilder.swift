import FlowShellKit

/// Builds the list of bookings from the database.
struct BookingListBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let interactor = try BookingInteractor(services: context.services)
        let state = BookingListState(bookings: try await interactor.bookings(), now: interactor.clock.now().timeIntervalSince1970)
        let updater = BookingListUpdater(state: state)
        let feature = BookingListFeature(updater: updater, interactor: interactor)
        updater.actions = feature
        return updater.makeScreen(featureID: BookingListFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: BookingListFeature.id,
            title: "My bookings",
            commands: ["cancel", "refresh"],
            make: { context in try await BookingListBuilder().build(context: context) }
        )
    }
}
