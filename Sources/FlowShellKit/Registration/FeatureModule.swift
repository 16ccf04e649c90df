/// A feature module as a value: its name, its screens, the conditions and link resolvers it
/// provides, the settings it declares, and how it sets up its services. Each module under
/// `Features/<Name>` declares
/// `public enum <Name>Module { @MainActor public static let module = FeatureModule(...) }`;
/// the build generates the list of linked ones. A module described at run time is the same value.
public struct FeatureModule: Sendable {
    /// Sets up a module's services once, when a flow first loads it.
    public typealias ServiceSetup = @MainActor @Sendable (ServiceContainer, AppEnvironment) throws -> Void
    /// Sets up what is a session's own, for each session that loads the module, in the session's
    /// container: it holds who connected (``ServiceContainer/connectedUser``) and looks the rest
    /// up in the shared services. The environment's stores are the session's.
    public typealias SessionServiceSetup = @MainActor @Sendable (ServiceContainer, AppEnvironment) throws -> Void

    /// The module's name as manifests list it in `modules` (`Cars`).
    public var name: String
    /// The screens it registers.
    public var screens: [FeatureRegistration]
    /// The conditions it provides for guards.
    public var conditions: [ConditionRegistration]
    /// The link parameters it can look up.
    public var resolvers: [ParameterResolver]
    /// How it sets up its services.
    public var setUpServices: ServiceSetup
    /// How it sets up what is each session's own.
    public var setUpSessionServices: SessionServiceSetup
    /// The settings it declares for `set`, kept per user in its store.
    public var settings: [ModuleSetting]

    /// Describes a module by its registrations.
    public init(
        name: String, screens: [FeatureRegistration], conditions: [ConditionRegistration] = [],
        resolvers: [ParameterResolver] = [], settings: [ModuleSetting] = [], services: @escaping ServiceSetup = { _, _ in },
        sessionServices: @escaping SessionServiceSetup = { _, _ in }
    ) {
        self.name = name
        self.screens = screens
        self.conditions = conditions
        self.resolvers = resolvers
        self.settings = settings
        self.setUpServices = services
        self.setUpSessionServices = sessionServices
    }

    /// Describes a module of ``Screen`` types, each registered from its own declaration.
    @MainActor
    public init(
        name: String, screens: [any Screen.Type], conditions: [ConditionRegistration] = [],
        resolvers: [ParameterResolver] = [], settings: [ModuleSetting] = [], services: @escaping ServiceSetup = { _, _ in },
        sessionServices: @escaping SessionServiceSetup = { _, _ in }
    ) {
        self.init(
            name: name, screens: screens.map { $0.registration }, conditions: conditions,
            resolvers: resolvers, settings: settings, services: services, sessionServices: sessionServices)
    }

    /// The registration of the screen `id`, if this module has it.
    package func screen(_ id: String) -> FeatureRegistration? {
        screens.first { $0.id == id }
    }
}
