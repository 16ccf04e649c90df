import FlowShellKit

/// Builds the car list: loads the fleet, binds the updater to a screen and hands it over.
struct CarListBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let fleet = try context.services.resolve(CarAggregator.self)
        // An optional `operator` input narrows the list to that operator's cars.
        let state = CarListState(cars: try await fleet.allCars(), operatorName: context.input["operator"])
        let updater = CarListUpdater(state: state)
        let feature = CarListFeature(updater: updater, fleet: fleet, context: context)
        updater.actions = feature
        return updater.makeScreen(featureID: CarListFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: CarListFeature.id,
            title: "Cars",
            events: [
                EventDeclaration("selected", payload: ["carID"], summary: "a car was chosen"),
                EventDeclaration("showOperators", summary: "the user asked for the list of operators"),
                EventDeclaration("showBookings", summary: "the user asked for their bookings"),
                EventDeclaration("showAccount", summary: "the user asked who is signed in"),
            ],
            commands: ["select", "filter", "sort", "refresh", "operators", "bookings", "account"],
            make: { context in try await CarListBuilder().build(context: context) }
        )
    }
}
