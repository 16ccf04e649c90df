import FlowShellKit

/// The Cars feature module: the aggregated car list, a car's details and the operators.
public enum CarsModule: FeatureModule {
    /// The name manifests list in `modules`.
    public static let name = "Cars"

    /// The screens: `cars.list`, `cars.details` and `cars.operators`.
    public static var features: [FeatureRegistration] {
        [CarListBuilder.registration(), CarDetailsBuilder.registration(), OperatorListBuilder.registration()]
    }

    /// The aggregator over the operators whose fleets ship in `Fleets/`, unless one is set up already
    /// (tests register their own).
    @MainActor
    public static func registerServices(in container: ServiceContainer, environment: AppEnvironment) throws {
        guard !container.contains(CarAggregator.self) else { return }
        guard let folder = FleetFile.shippedFolder else {
            throw CarsDataError(message: "the fleet files that ship with the Cars module are missing")
        }
        container.register(CarAggregator(managers: try FleetFile.managers(in: folder)))
    }

    /// `plate`: a licence plate in a link (`/plates/A123BC`) becomes the car's id.
    public static var resolvers: [ParameterResolver] {
        [ParameterResolver(parameter: "plate", produces: "carID") { plate, services in
            let fleet = try services.resolve(CarAggregator.self)
            let wanted = plate.uppercased().filter { !$0.isWhitespace && $0 != "-" }
            guard let car = try await fleet.allCars().first(where: { $0.plate == wanted }) else {
                throw UserFacingError("no car has the plate '\(plate)'")
            }
            return car.id
        }]
    }
}
