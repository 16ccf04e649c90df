import FlowShellKit

/// Checks a decoded manifest against the linked features and reports every problem at once:
/// unknown modules and features, events that a screen never emits, inputs that no payload
/// carries, duplicate edges, commands that shadow global ones, and unreachable screens.
public struct ManifestValidator: Sendable {
    /// The linked feature modules.
    public let catalog: FeatureCatalog
    /// The names of the shell's global commands, which features may not reuse.
    public let globalCommands: Set<String>

    /// Creates a validator.
    public init(catalog: FeatureCatalog, globalCommands: Set<String>) {
        self.catalog = catalog
        self.globalCommands = globalCommands
    }

    /// Every problem in `manifest`, in the order they appear in the file.
    public func validate(_ manifest: Manifest, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func report(_ severity: Diagnostic.Severity, _ path: JSONPath, _ message: String) {
            diagnostics.append(Diagnostic(severity, file: file, location: manifest.location(of: path), path: path, message: message))
        }

        for conflict in catalog.conflicts {
            report(.error, JSONPath.root.appending("modules"), conflict)
        }
        for (index, module) in manifest.modules.enumerated() where catalog.modules[module] == nil {
            let linked = catalog.moduleNames
            report(.error, JSONPath.root.appending("modules").appending(index),
                   "unknown module '\(module)'\(ManifestDecoder.suggestion(for: module, among: linked)); linked modules: \(linked.joined(separator: ", "))")
        }
        let features = catalog.features(loading: manifest.modules)

        // A feature reference that is unknown, or known but in a module the flow does not load
        // (said once per module: the fix is one line in 'modules').
        var unlistedModulesReported: Set<String> = []
        func checkFeature(_ id: String, at path: JSONPath, role: String) -> FeatureRegistration? {
            if let feature = features[id] { return feature }
            if let module = catalog.module(of: id) {
                if unlistedModulesReported.insert(module).inserted {
                    report(.error, path, "\(role) '\(id)' belongs to module \(module), which is not listed in 'modules'")
                }
            } else {
                report(.error, path, "unknown feature '\(id)'\(ManifestDecoder.suggestion(for: id, among: Array(features.keys)))")
            }
            return nil
        }

        let rootPath = JSONPath.root.appending("root")
        if let root = checkFeature(manifest.root, at: rootPath, role: "root feature"), !root.inputs.isEmpty {
            report(.error, rootPath, "the root '\(root.id)' needs input (\(root.inputs.joined(separator: ", "))) that nothing provides at start")
        }

        for feature in features.values.sorted(by: { $0.id < $1.id }) {
            for command in feature.commands where globalCommands.contains(command) {
                report(.error, JSONPath.root.appending("modules"),
                       "feature '\(feature.id)' declares a command '\(command)', which is a global command's name")
            }
        }

        var seen: [String: Int] = [:]
        for transition in manifest.transitions {
            checkTransition(transition, features: features, seen: &seen, check: checkFeature, report: report)
        }
        checkAnyScreenConflicts(manifest, features: features, report: report)

        // Warnings only make sense about a flow that is otherwise sound.
        if !diagnostics.containsError {
            warnings(manifest, features: features, report: report)
        }
        return diagnostics.sorted(by: Diagnostic.inFileOrder)
    }

    private func checkTransition(
        _ transition: Transition,
        features: [String: FeatureRegistration],
        seen: inout [String: Int],
        check: (String, JSONPath, String) -> FeatureRegistration?,
        report: (Diagnostic.Severity, JSONPath, String) -> Void
    ) {
        let path = transition.path
        let key = "\(transition.from)\u{0}\(transition.on)"
        if let first = seen[key] {
            report(.error, path, "a second transition for '\(transition.on)' from '\(transition.from)' (the first is transitions[\(first)])")
        } else {
            seen[key] = transition.index
        }

        // The features this edge can start from, and what their event carries.
        var sources: [FeatureRegistration] = []
        if transition.from == Transition.anyScreen {
            sources = features.values.filter { $0.event(named: transition.on) != nil }.sorted { $0.id < $1.id }
            if sources.isEmpty {
                report(.error, path.appending("on"), "no loaded feature emits '\(transition.on)'")
            }
        } else if let source = check(transition.from, path.appending("from"), "feature") {
            if source.event(named: transition.on) == nil {
                let names = source.events.map(\.name)
                report(.error, path.appending("on"),
                       "'\(source.id)' never emits '\(transition.on)'\(ManifestDecoder.suggestion(for: transition.on, among: names)); it emits: \(names.isEmpty ? "nothing" : names.joined(separator: ", "))")
            } else {
                sources = [source]
            }
        }

        switch (transition.style.needsTarget, transition.to) {
        case (true, nil):
            report(.error, path, "style '\(transition.style.rawValue)' needs a 'to' feature")
        case (false, .some):
            report(.error, path.appending("to"), "style '\(transition.style.rawValue)' closes a screen and takes no 'to'")
        case (true, .some(let targetID)):
            guard let target = check(targetID, path.appending("to"), "target feature") else { return }
            for source in sources {
                let carried = Set(source.event(named: transition.on)?.payloadKeys ?? [])
                let missing = target.inputs.filter { !carried.contains($0) }
                if !missing.isEmpty {
                    report(.error, path.appending("to"),
                           "'\(target.id)' needs input \(missing.map { "'\($0)'" }.joined(separator: ", ")) that '\(transition.on)' from '\(source.id)' does not carry")
                }
            }
        case (false, nil):
            break
        }
    }

    /// A `"*"` edge and an edge from a screen that emits the same event: which one applies is
    /// not obvious to a reader, so it is refused.
    private func checkAnyScreenConflicts(
        _ manifest: Manifest,
        features: [String: FeatureRegistration],
        report: (Diagnostic.Severity, JSONPath, String) -> Void
    ) {
        for wildcard in manifest.transitions where wildcard.from == Transition.anyScreen {
            for specific in manifest.transitions where specific.from != Transition.anyScreen && specific.on == wildcard.on {
                guard features[specific.from]?.event(named: specific.on) != nil else { continue }
                report(.error, specific.path,
                       "'\(specific.on)' from '\(specific.from)' is also handled by transitions[\(wildcard.index)] (from \"*\"); keep one of them")
            }
        }
    }

    private func warnings(
        _ manifest: Manifest,
        features: [String: FeatureRegistration],
        report: (Diagnostic.Severity, JSONPath, String) -> Void
    ) {
        let modulesPath = JSONPath.root.appending("modules")
        func modulePath(of id: String) -> JSONPath {
            guard let module = catalog.module(of: id), let index = manifest.modules.firstIndex(of: module) else { return modulesPath }
            return modulesPath.appending(index)
        }
        let reachable = reachableFeatures(from: manifest.root, in: manifest, features: features)
        for feature in features.values.sorted(by: { $0.id < $1.id }) {
            guard reachable.contains(feature.id) else {
                report(.warning, modulePath(of: feature.id), "feature '\(feature.id)' is loaded but no transition from the root reaches it")
                continue
            }
            for event in feature.events where manifest.transition(from: feature.id, on: event.name) == nil {
                report(.warning, modulePath(of: feature.id),
                       "'\(feature.id)' emits '\(event.name)' but no transition handles it: the command behind it will do nothing")
            }
        }
        // A screen that takes over the whole stack and leads nowhere: only quit leaves it.
        for transition in manifest.transitions where transition.style == .root {
            guard let target = transition.to, let feature = features[target] else { continue }
            let handled = feature.events.contains { manifest.transition(from: target, on: $0.name) != nil }
            if !handled {
                report(.warning, transition.path.appending("to"),
                       "'\(target)' becomes the only screen and no transition leads away from it: only quit leaves it")
            }
        }
    }

    /// The features some chain of transitions from the root reaches.
    private func reachableFeatures(from root: String, in manifest: Manifest, features: [String: FeatureRegistration]) -> Set<String> {
        var reached: Set<String> = [root]
        var frontier = [root]
        while let current = frontier.popLast() {
            let emitted = Set(features[current]?.events.map(\.name) ?? [])
            for transition in manifest.transitions {
                guard transition.from == current || (transition.from == Transition.anyScreen && emitted.contains(transition.on)),
                      let target = transition.to, reached.insert(target).inserted else { continue }
                frontier.append(target)
            }
        }
        return reached
    }
}
