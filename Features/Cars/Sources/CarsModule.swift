import FlowShellKit

/// The Cars feature module: the aggregated car list, a car's details and the operators.
public enum CarsModule: FeatureModule {
    /// The name manifests list in `modules`.
    public static let name = "Cars"

    /// The screens: `cars.list`, `cars.details` and `cars.operators`.
    public static var features: [FeatureRegistration] {
        let fleet = CarAggregator.sample
        return [
            CarListBuilder.registration(fleet: fleet),
            CarDetailsBuilder.registration(fleet: fleet),
            OperatorListBuilder.registration(fleet: fleet),
        ]
    }

    /// `plate`: a licence plate in a link (`/plates/A123BC`) becomes the car's id.
    public static var resolvers: [ParameterResolver] {
        let fleet = CarAggregator.sample
        return [ParameterResolver(parameter: "plate", produces: "carID") { plate in
            let wanted = plate.uppercased().filter { !$0.isWhitespace && $0 != "-" }
            guard let car = try await fleet.allCars().first(where: { $0.plate == wanted }) else {
                throw UserFacingError("no car has the plate '\(plate)'")
            }
            return car.id
        }]
    }
}
