import FlowShellKit

/// The feature modules linked into the binary, and the screens each registers.
public struct FeatureCatalog: Sendable {
    /// The registrations of each linked module, by module name.
    public let modules: [String: [FeatureRegistration]]
    /// The conditions each linked module provides, by module name.
    public let conditions: [String: [ConditionRegistration]]
    /// The link parameter resolvers each linked module provides, by module name.
    public let resolvers: [String: [ParameterResolver]]
    /// The settings each linked module declares for `set`, by module name.
    public let settings: [String: [ModuleSetting]]
    /// How each linked module sets up its services, by module name.
    let serviceSetups: [String: FeatureModule.ServiceSetup]
    /// How each linked module sets up what is a session's own, by module name.
    let sessionServiceSetups: [String: FeatureModule.SessionServiceSetup]
    /// Problems in the linked modules themselves (two modules registering one id).
    public let conflicts: [Conflict]
    /// The module that registers each screen id (the first, when two do).
    private let owners: [String: String]

    /// A screen id two modules register.
    public struct Conflict: Sendable, Equatable, CustomStringConvertible {
        /// The screen id.
        public var id: String
        /// The module that registered it first, and the one that registered it again.
        public var first: String
        public var second: String

        /// `feature id 'x' is registered by both A and B`.
        public var description: String { "feature id '\(id)' is registered by both \(first) and \(second)" }
    }

    /// The catalog of the screens, conditions, link resolvers and service set-ups that
    /// `featureModules` register; a screen id that two of them register is kept as a ``Conflict``.
    public init(_ featureModules: [FeatureModule]) {
        var modules: [String: [FeatureRegistration]] = [:]
        var conditions: [String: [ConditionRegistration]] = [:]
        var resolvers: [String: [ParameterResolver]] = [:]
        var owners: [String: String] = [:]
        var conflicts: [Conflict] = []
        var serviceSetups: [String: FeatureModule.ServiceSetup] = [:]
        var sessionServiceSetups: [String: FeatureModule.SessionServiceSetup] = [:]
        var settings: [String: [ModuleSetting]] = [:]
        for module in featureModules {
            serviceSetups[module.name] = module.setUpServices
            sessionServiceSetups[module.name] = module.setUpSessionServices
            settings[module.name, default: []].append(contentsOf: module.settings)
            modules[module.name, default: []].append(contentsOf: module.screens)
            conditions[module.name, default: []].append(contentsOf: module.conditions)
            resolvers[module.name, default: []].append(contentsOf: module.resolvers)
            for feature in module.screens {
                if let owner = owners[feature.id] {
                    conflicts.append(Conflict(id: feature.id, first: owner, second: module.name))
                } else {
                    owners[feature.id] = module.name
                }
            }
        }
        self.modules = modules
        self.conditions = conditions
        self.resolvers = resolvers
        self.serviceSetups = serviceSetups
        self.sessionServiceSetups = sessionServiceSetups
        self.settings = settings
        self.conflicts = conflicts
        self.owners = owners
    }

    /// The names of the linked modules, sorted.
    public var moduleNames: [String] { modules.keys.sorted() }

    /// The module that registers `featureID`, if any linked module does.
    public func module(of featureID: String) -> String? {
        owners[featureID]
    }

    /// Sets up the services of the modules in `moduleNames` that `container` lacks (each module
    /// once: a marker type records it); throws the first module's failure.
    @MainActor
    public func registerServices(loading moduleNames: [String], in container: ServiceContainer, environment: AppEnvironment) throws {
        try Self.setUp(serviceSetups, marker: SetUpModules.self, loading: moduleNames, in: container, environment: environment)
    }

    /// Sets up what is a session's own for the modules in `moduleNames` that the session's
    /// `container` lacks (each once); throws the first module's failure.
    @MainActor
    public func registerSessionServices(loading moduleNames: [String], in container: ServiceContainer, environment: AppEnvironment) throws {
        try Self.setUp(
            sessionServiceSetups, marker: SetUpSessionModules.self, loading: moduleNames, in: container, environment: environment)
    }

    /// Runs the `setups` of the modules in `moduleNames` that `container` has not run yet, as
    /// its `Marker` records, in that order; throws the first module's failure.
    @MainActor
    private static func setUp<Marker: SetUpMarker>(
        _ setups: [String: FeatureModule.ServiceSetup], marker: Marker.Type, loading moduleNames: [String],
        in container: ServiceContainer, environment: AppEnvironment
    ) throws {
        var done = (try? container.resolve(Marker.self)) ?? Marker()
        for name in moduleNames where !done.names.contains(name) {
            try setups[name]?(container, environment)
            done.names.insert(name)
            container.register(done)
        }
    }

    /// The settings that the modules in `moduleNames` declare, in that order, each with its
    /// module's name.
    public func settings(loading moduleNames: [String]) -> [(module: String, setting: ModuleSetting)] {
        moduleNames.flatMap { name in (settings[name] ?? []).map { (name, $0) } }
    }

    /// The conditions available to a flow that loads `moduleNames`, by name.
    public func conditions(loading moduleNames: [String]) -> [String: ConditionRegistration] {
        var found: [String: ConditionRegistration] = [:]
        for name in moduleNames {
            for condition in conditions[name] ?? [] { found[condition.name] = condition }
        }
        return found
    }

    /// The resolvers available to a flow that loads `moduleNames`, by parameter.
    public func resolvers(loading moduleNames: [String]) -> [String: ParameterResolver] {
        var found: [String: ParameterResolver] = [:]
        for name in moduleNames {
            for resolver in resolvers[name] ?? [] { found[resolver.parameter] = resolver }
        }
        return found
    }

    /// The features available to a flow that loads `moduleNames`, by id.
    public func features(loading moduleNames: [String]) -> [String: FeatureRegistration] {
        var features: [String: FeatureRegistration] = [:]
        for name in moduleNames {
            for feature in modules[name] ?? [] {
                features[feature.id] = feature
            }
        }
        return features
    }
}

/// What records, in a container, the modules whose setups it has run.
protocol SetUpMarker {
    /// The modules set up.
    var names: Set<String> { get set }
    init()
}

/// The modules whose services a container already holds.
struct SetUpModules: SetUpMarker {
    var names: Set<String> = []
}

/// The modules whose session services a session's container already holds.
struct SetUpSessionModules: SetUpMarker {
    var names: Set<String> = []
}
