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
}
