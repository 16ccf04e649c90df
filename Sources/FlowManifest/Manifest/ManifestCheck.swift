import FlowShellKit

/// One run of the validator over one manifest.
struct ManifestCheck {
    let manifest: Manifest
    let catalog: FeatureCatalog
    let file: String
    /// Modules whose screens are unknown: what is not found may be theirs.
    let uncheckedModules: Set<String>
    let features: [String: FeatureRegistration]
    let conditions: [String: ConditionRegistration]
    let resolvers: [String: ParameterResolver]
    /// The loaded features by id, sorted once (a `*` edge is checked against each).
    let sortedFeatures: [FeatureRegistration]
    /// Each loaded feature with its inputs, in id order: what a `*` command starts from.
    let everySource: [(FeatureRegistration, Set<String>)]
    /// The loaded features that have their own command of each name, in id order.
    let featuresByCommand: [String: [FeatureRegistration]]
    private(set) var globalCommands: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The unknown feature ids reported so far: each is reported once.
    private var unknownFeatures: Set<String> = []
    /// The modules that a misspelt name in 'modules' most likely means: that their features are
    /// not loaded follows from the misspelling, which is reported.
    private var misspeltModules: Set<String> = []
    private var unlistedModulesReported: Set<String> = []

    init(manifest: Manifest, catalog: FeatureCatalog, file: String, uncheckedModules: Set<String> = []) {
        self.manifest = manifest
        self.catalog = catalog
        self.file = file
        self.uncheckedModules = uncheckedModules
        features = catalog.features(loading: manifest.loadedModules)
        conditions = catalog.conditions(loading: manifest.loadedModules)
        resolvers = catalog.resolvers(loading: manifest.loadedModules)
        sortedFeatures = features.values.sorted { $0.id < $1.id }
        everySource = sortedFeatures.map { ($0, Set($0.inputs)) }
        var featuresByCommand: [String: [FeatureRegistration]] = [:]
        for feature in sortedFeatures {
            for command in Set(feature.commands) { featuresByCommand[command, default: []].append(feature) }
        }
        self.featuresByCommand = featuresByCommand
    }

    mutating func report(_ severity: Diagnostic.Severity, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(severity, file: file, location: manifest.location(of: path), path: path, message: message))
    }

    mutating func run(globalCommands: Set<String>) {
        self.globalCommands = globalCommands
        for conflict in catalog.conflicts {
            // Said where the second module is named: a plugin's own line, else 'modules'.
            let path =
                manifest.plugin(providing: conflict.second)?.path ?? manifest.plugin(providing: conflict.first)?.path
                ?? JSONPath.root.appending("modules")
            report(.error, path, conflict.description)
        }
        for (index, module) in manifest.modules.enumerated() where catalog.modules[module] == nil && !uncheckedModules.contains(module) {
            let linked = catalog.moduleNames
            report(
                .error, JSONPath.root.appending("modules").appending(index),
                "unknown module '\(module)'\(ManifestDecoder.suggestion(for: module, among: linked)); linked modules: \(linked.joined(separator: ", "))"
            )
            if let meant = EditDistance.closest(to: module, among: linked) { misspeltModules.insert(meant) }
        }

        let rootPath = JSONPath.root.appending("root")
        if let root = feature(manifest.root, at: rootPath, role: "root feature"), !root.inputs.isEmpty {
            report(
                .error, rootPath,
                "the root '\(root.id)' needs input (\(root.inputs.joined(separator: ", "))) that nothing provides at start")
        }
        for feature in sortedFeatures {
            for command in feature.commands where globalCommands.contains(command) {
                report(
                    .error, JSONPath.root.appending("modules"),
                    "feature '\(feature.id)' declares a command '\(command)', which is a global command's name")
            }
        }

        checkTransitions(manifest.transitions)
        for flow in manifest.flows.values.sorted(by: { $0.name < $1.name }) {
            checkFlow(flow)
        }
        for guardDefinition in manifest.guards.values.sorted(by: { $0.condition < $1.condition }) {
            checkGuard(guardDefinition)
        }
        for link in manifest.links {
            checkLink(link)
        }
        for examples in manifest.examples {
            checkExamples(examples)
        }
        for confirmed in manifest.personConfirms {
            checkConfirmations(confirmed)
        }

        // Warnings only make sense about a flow that is otherwise sound, and wholly known.
        if !diagnostics.containsError && uncheckedModules.isEmpty {
            var warnings = FlowWarnings(check: self)
            warnings.run()
            diagnostics += warnings.diagnostics
        }
    }

    /// The settings of the modules the flow loads: each name is one setting's, never the
    /// shell's own nor another module's, so that `set NAME` means one thing.
    mutating func checkSettings(shellSettings: Set<String>) {
        var owners: [String: String] = [:]
        for (module, setting) in catalog.settings(loading: manifest.loadedModules) {
            let path = manifest.plugin(providing: module)?.path ?? JSONPath.root.appending("modules")
            if shellSettings.contains(setting.name) {
                report(.error, path, "module \(module) declares a setting '\(setting.name)', which is the shell's own setting's name")
            } else if let owner = owners[setting.name] {
                report(.error, path, "the setting '\(setting.name)' is declared by both \(owner) and \(module)")
            } else if !setting.values.contains(setting.defaultValue) {
                report(
                    .error, path,
                    "module \(module)'s setting '\(setting.name)' defaults to '\(setting.defaultValue)', which is not one of its values (\(setting.values.joined(separator: ", ")))"
                )
            }
            owners[setting.name] = owners[setting.name] ?? module
        }
    }

    /// A feature reference that is unknown, or known but in a module the flow does not load
    /// (said once per module: the fix is one line in 'modules').
    mutating func feature(_ id: String, at path: JSONPath, role: String) -> FeatureRegistration? {
        if let feature = features[id] { return feature }
        if !uncheckedModules.isEmpty && catalog.module(of: id) == nil { return nil }
        if let module = catalog.module(of: id) {
            if !misspeltModules.contains(module), unlistedModulesReported.insert(module).inserted {
                report(.error, path, "\(role) '\(id)' belongs to module \(module), which is not listed in 'modules'")
            }
        } else if unknownFeatures.insert(id).inserted {
            report(.error, path, "unknown feature '\(id)'\(ManifestDecoder.suggestion(for: id, among: Array(features.keys)))")
        }
        return nil
    }
}
