import FlowShellKit

/// The Trips module: linked like any feature, or served as a plugin by `trips-plugin`.
public enum TripsModule {
    /// The module value.
    @MainActor public static let module = FeatureModule(name: "Trips", screens: [TripPlannerScreen.self])
}
