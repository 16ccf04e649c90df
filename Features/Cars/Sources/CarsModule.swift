import Fleet
import FlowShellKit

/// The Cars feature module: the aggregated car list, a car's details and the operators.
public enum CarsModule {
    /// The module: `cars.list`, `cars.details` and `cars.operators`; the aggregator over the
    /// operators whose fleets ship in `Fleets/` (compiled in); the `plate` link parameter.
    @MainActor public static let module = FeatureModule(
        name: "Cars",
        screens: [CarListScreen.self, CarDetailsScreen.self, OperatorListScreen.self],
        resolvers: [plateResolver],
        services: setUpServices
    )

    /// The aggregator over the shipped fleets, unless one is set up already (tests register their own).
    @MainActor
    static func setUpServices(in container: ServiceContainer, environment: AppEnvironment) throws {
        if let aggregator = try? container.resolve(CarAggregator.self) {
            // Other features find cars through the lookup the fleet provides.
            if !container.contains((any CarLookup).self) { container.register(aggregator, as: (any CarLookup).self) }
            return
        }
        // The operators' round trips wait on the app's clock: a test's or a replay's when it gives one.
        let clock = (try? container.resolve((any Clock<Duration>).self)) ?? ContinuousClock()
        let aggregator = CarAggregator(managers: try FleetFile.managers(from: FleetFile.shipped, clock: clock))
        container.register(aggregator)
        container.register(aggregator, as: (any CarLookup).self)
    }

    /// `plate`: a licence plate in a link (`/plates/A123BC`) becomes the car's id; Tab offers
    /// every car's plate.
    static let plateResolver = ParameterResolver(
        parameter: "plate", producing: CarReference.self,
        suggest: { services in
            try await services.resolve(CarAggregator.self).allCars().map(\.plate)
        }
    ) { plate, services in
        let fleet = try services.resolve(CarAggregator.self)
        let wanted = plate.uppercased().filter { !$0.isWhitespace && $0 != "-" }
        guard let car = try await fleet.allCars().first(where: { $0.plate == wanted }) else {
            throw UserFacingError("no car has the plate '\(plate)'")
        }
        return CarReference(carID: car.id)
    }
}
