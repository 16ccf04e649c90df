/// A feature module as linked into the shell. Each module under `Features/<Name>` declares
/// `public enum <Name>Module: FeatureModule`; the build generates the list of linked ones.
public protocol FeatureModule: Sendable {
    /// The module's name as manifests list it in `modules` (`Cars`).
    static var name: String { get }
    /// The screens this module registers.
    static var features: [FeatureRegistration] { get }
    /// The conditions this module provides for guards (none by default).
    static var conditions: [ConditionRegistration] { get }
    /// The link parameters this module can look up (none by default).
    static var resolvers: [ParameterResolver] { get }
    /// Creates this module's services once, when a flow first loads it (nothing by default).
    @MainActor
    static func registerServices(in container: ServiceContainer, environment: AppEnvironment) throws
}

extension FeatureModule {
    /// No conditions.
    public static var conditions: [ConditionRegistration] { [] }
    /// No resolvers.
    public static var resolvers: [ParameterResolver] { [] }
    /// No services.
    @MainActor
    public static func registerServices(in container: ServiceContainer, environment: AppEnvironment) throws {}
}
