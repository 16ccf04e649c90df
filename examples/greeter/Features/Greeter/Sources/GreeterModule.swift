import FlowShellKit

/// The Greeter feature module.
public enum GreeterModule {
    /// The module: `greeter.home`.
    @MainActor public static let module = FeatureModule(
        name: "Greeter",
        screens: [GreeterHomeScreen.self]
    )
}
