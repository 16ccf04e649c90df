import FlowShellKit

/// Builds a car's details from the `carID` input; an unknown id is refused with a message.
struct CarDetailsBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let fleet = try context.services.resolve(CarAggregator.self)
        let carID = try context.input.require("carID")
        guard let car = try await fleet.car(id: carID) else {
            throw UserFacingError("no car '\(carID)'")
        }
        let updater = CarDetailsUpdater(state: car)
        let feature = CarDetailsFeature(updater: updater, context: context)
        updater.actions = feature
        return updater.makeScreen(featureID: CarDetailsFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: CarDetailsFeature.id,
            title: "Car details",
            inputs: ["carID"],
            events: [EventDeclaration("book", payload: ["carID", "carName", "pricePerHour"], summary: "the user wants to book this car")],
            commands: ["book"],
            make: { context in try await CarDetailsBuilder().build(context: context) }
        )
    }
}
