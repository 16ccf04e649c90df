import FlowShellKit

/// Checks a decoded manifest against the linked features and reports every problem at once:
/// unknown modules and features, events a screen never emits, inputs no payload carries,
/// duplicate edges, commands that shadow global ones, sub-flows, guards and links that do not
/// fit together; and, for a flow with no error, what looks unintended (unreachable screens,
/// unhandled events, screens only quit leaves). An unknown name is reported once, where it
/// first appears, and nothing that follows from it is reported again (as compilers do).
public struct ManifestValidator: Sendable {
    /// The linked feature modules.
    public let catalog: FeatureCatalog
    /// The names of the shell's global commands, which features may not reuse.
    public let globalCommands: Set<String>
    /// Modules whose screens are unknown (plugins not started): a screen, event or input the
    /// catalog does not know may be theirs, so it is not reported, and no warnings are given.
    public let uncheckedModules: Set<String>
    /// The names of the shell's own settings (`color`), which a module's may not take.
    public let shellSettings: Set<String>

    /// A validator of flows against the screens and events in `catalog`, where `globalCommands` are
    /// the shell's own command names (a config's command may not take one), `shellSettings` its
    /// own settings' names (a module's setting may not take one) and `uncheckedModules` are
    /// modules whose screens are known only at run time (plugins).
    public init(catalog: FeatureCatalog, globalCommands: Set<String>, shellSettings: Set<String> = [], uncheckedModules: Set<String> = []) {
        self.catalog = catalog
        self.globalCommands = globalCommands
        self.shellSettings = shellSettings
        self.uncheckedModules = uncheckedModules
    }

    /// Every problem in `manifest`, in the order they appear in the file.
    public func validate(_ manifest: Manifest, file: String) -> [Diagnostic] {
        var check = ManifestCheck(manifest: manifest, catalog: catalog, file: file, uncheckedModules: uncheckedModules)
        check.run(globalCommands: globalCommands)
        check.checkSettings(shellSettings: shellSettings)
        return check.diagnostics.sorted(by: Diagnostic.inFileOrder)
    }
}

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

    // MARK: - Transitions

    /// The payload keys an event carries when `source` emits it: a declared event's keys, or for
    /// a sub-flow's result (`login.finished`) the keys every finishing event shares.
    func payload(of event: String, from source: FeatureRegistration) -> Set<String>? {
        if let declared = source.event(named: event) { return Set(declared.payloadKeys) }
        return resultPayload(event)
    }

    func resultPayload(_ event: String) -> Set<String>? {
        guard let dot = event.firstIndex(of: "."), let flow = manifest.flows[String(event[..<dot])] else { return nil }
        let result = String(event[event.index(after: dot)...])
        if result == SubFlow.cancelledResult { return [] }
        let finishing = flow.finish.filter { $0.value == result }.map(\.key)
        guard !finishing.isEmpty else { return nil }
        let keySets = finishing.map { event in
            Set(features.values.compactMap { $0.event(named: event) }.flatMap(\.payloadKeys))
        }
        return keySets.dropFirst().reduce(keySets[0]) { $0.intersection($1) }
    }

    private mutating func checkTransitions(_ transitions: [Transition]) {
        var seen: [String: JSONPath] = [:]
        // Events handled from "*", by name: each specific transition is checked against it once.
        var wildcards: [String: JSONPath] = [:]
        for transition in transitions
        where transition.from == Transition.anyScreen && !transition.isCommand && wildcards[transition.on] == nil {
            wildcards[transition.on] = transition.path
        }
        for transition in transitions {
            let key = "\(transition.isCommand ? "command" : "event")\u{0}\(transition.from)\u{0}\(transition.on)"
            let what = transition.isCommand ? "command" : "transition for"
            if let first = seen[key] {
                report(.error, transition.path, "a second \(what) '\(transition.on)' from '\(transition.from)' (the first is \(first))")
            } else {
                seen[key] = transition.path
            }
            if transition.isCommand {
                checkCommand(transition)
            } else {
                checkTransition(transition)
                if transition.from != Transition.anyScreen, let wildcard = wildcards[transition.on],
                    let source = features[transition.from], payload(of: transition.on, from: source) != nil
                {
                    report(
                        .error, transition.path,
                        "'\(transition.on)' from '\(transition.from)' is also handled by \(wildcard) (from \"*\"); keep one of them")
                }
            }
        }
    }

    /// A command the config adds to a screen: its name must be free there, and what the target
    /// needs must be in the screen's own input (a config command carries nothing else).
    private mutating func checkCommand(_ transition: Transition) {
        let path = transition.path
        var sources: [(FeatureRegistration, Set<String>)] = []
        var taken: [FeatureRegistration] = []
        if transition.from == Transition.anyScreen {
            sources = everySource
            taken = featuresByCommand[transition.on] ?? []
        } else if let source = feature(transition.from, at: path.appending("from"), role: "feature") {
            sources = [(source, Set(source.inputs))]
            taken = source.commands.contains(transition.on) ? [source] : []
        }
        if globalCommands.contains(transition.on) {
            report(.error, path.appending("command"), "'\(transition.on)' is a global command; choose another name")
        }
        for source in taken {
            report(.error, path.appending("command"), "'\(source.id)' has its own command '\(transition.on)'; choose another name")
        }
        checkTarget(of: transition, from: sources)
    }

    private mutating func checkTransition(_ transition: Transition) {
        let path = transition.path
        // The screens this edge can start from, each with what its event carries.
        var sources: [(FeatureRegistration, Set<String>)] = []
        if transition.from == Transition.anyScreen {
            sources = sortedFeatures.compactMap { feature in
                payload(of: transition.on, from: feature).map { (feature, $0) }
            }
            if sources.isEmpty && uncheckedModules.isEmpty {
                report(.error, path.appending("on"), "no loaded feature emits '\(transition.on)'")
            }
        } else if let source = feature(transition.from, at: path.appending("from"), role: "feature") {
            if let carried = payload(of: transition.on, from: source) {
                sources = [(source, carried)]
            } else {
                let names = source.events.map(\.name)
                report(
                    .error, path.appending("on"),
                    "'\(source.id)' never emits '\(transition.on)'\(ManifestDecoder.suggestion(for: transition.on, among: names)); it emits: \(names.isEmpty ? "nothing" : names.joined(separator: ", "))"
                )
            }
        }

        checkTarget(of: transition, from: sources)
    }

    /// The target's checks, shared by events and commands: its style, its screen or sub-flow, its
    /// conditions, and whether each source carries the input it needs.
    private mutating func checkTarget(of transition: Transition, from sources: [(FeatureRegistration, Set<String>)]) {
        let path = transition.path
        for condition in transition.requires {
            checkRequirement(condition, at: path.appending("requires"))
        }

        var targetInputs: (id: String, inputs: [String])?
        switch (transition.style.needsTarget, transition.to, transition.flow) {
        case (_, .some, .some):
            report(.error, path, "a transition shows either a screen ('to') or a sub-flow ('flow'), not both")
        case (true, nil, nil):
            report(.error, path, "style '\(transition.style.rawValue)' needs a 'to' feature (or a 'flow' to start)")
        case (false, .some, nil), (false, nil, .some):
            report(
                .error, path.appending(transition.to == nil ? "flow" : "to"),
                "style '\(transition.style.rawValue)' closes a screen and takes no '\(transition.to == nil ? "flow" : "to")'")
        case (true, .some(let targetID), nil):
            if let target = feature(targetID, at: path.appending("to"), role: "target feature") {
                targetInputs = (target.id, target.inputs)
            }
        case (true, nil, .some(let flowName)):
            guard transition.style == .push || transition.style == .present else {
                report(.error, path.appending("style"), "a sub-flow starts with style push or present, not '\(transition.style.rawValue)'")
                break
            }
            if let flow = manifest.flows[flowName] {
                if let root = features[flow.root] { targetInputs = ("flow '\(flowName)' (its root \(root.id))", root.inputs) }
            } else {
                report(
                    .error, path.appending("flow"),
                    "unknown flow '\(flowName)'\(ManifestDecoder.suggestion(for: flowName, among: Array(manifest.flows.keys)))")
            }
        case (false, nil, nil):
            break
        }
        guard let targetInputs, !targetInputs.inputs.isEmpty else { return }
        for (source, carried) in sources {
            let missing = targetInputs.inputs.filter { !carried.contains($0) }
            if !missing.isEmpty {
                report(
                    .error, path.appending(transition.to == nil ? "flow" : "to"),
                    "'\(targetInputs.id)' needs input \(missing.map { "'\($0)'" }.joined(separator: ", ")) that \(transition.isCommand ? "the command " : "")'\(transition.on)' from '\(source.id)' does not carry"
                )
            }
        }
    }

    private mutating func checkRequirement(_ condition: String, at path: JSONPath) {
        if conditions[condition] == nil {
            // A plugin not started may provide it.
            guard uncheckedModules.isEmpty else { return }
            report(
                .error, path,
                "no loaded module provides the condition '\(condition)'\(ManifestDecoder.suggestion(for: condition, among: Array(conditions.keys)))"
            )
        } else if manifest.guards[condition] == nil {
            report(
                .error, path,
                "'\(condition)' has no guard: add \"guards\": { \"\(condition)\": { \"flow\": ... } } to say what runs when it does not hold"
            )
        }
    }

    // MARK: - Sub-flows, guards, links

    private mutating func checkFlow(_ flow: SubFlow) {
        let rootPath = flow.path.appending("root")
        _ = feature(flow.root, at: rootPath, role: "root feature of flow '\(flow.name)'")
        checkTransitions(flow.transitions)
        if flow.finish.isEmpty {
            report(.error, flow.path.appending("finish"), "flow '\(flow.name)' lists no event that finishes it")
        }
        let screens = FlowWarnings.screens(of: flow, in: manifest)
        let unknownScreens = screens.contains { features[$0] == nil } && !uncheckedModules.isEmpty
        for event in flow.finish.keys.sorted()
        where !unknownScreens && !screens.contains(where: { features[$0]?.event(named: event) != nil }) {
            report(.error, flow.path.appending("finish").appending(event), "no screen of flow '\(flow.name)' emits '\(event)'")
        }
        for (event, result) in flow.finish.sorted(by: { $0.key < $1.key }) where result == SubFlow.cancelledResult {
            report(
                .error, flow.path.appending("finish").appending(event),
                "'cancelled' is the result of backing out; name this result otherwise")
        }
        checkFlowDoesNotStartItself(flow)
    }

    /// The sub-flows a transition starts: its own `flow`, and the guards' flows of what it requires.
    private func flowsStarted(by transition: Transition) -> [(name: String, path: JSONPath, how: String)] {
        var started: [(name: String, path: JSONPath, how: String)] = []
        if let flow = transition.flow {
            started.append((flow, transition.path.appending("flow"), "starts flow '\(flow)'"))
        }
        for condition in transition.requires {
            if let flow = manifest.guards[condition]?.flow {
                started.append(
                    (
                        flow, transition.path.appending("requires"),
                        "requires '\(condition)', whose guard starts flow '\(flow)'"
                    ))
            }
        }
        return started
    }

    /// A flow one of whose transitions starts it again, directly or through other flows: each
    /// start would nest another copy inside the last, and the user could never finish it.
    private mutating func checkFlowDoesNotStartItself(_ flow: SubFlow) {
        for transition in flow.transitions {
            for start in flowsStarted(by: transition) {
                guard let chain = flowChain(from: start.name, to: flow.name) else { continue }
                let cycle = ([flow.name] + chain).joined(separator: " → ")
                report(
                    .error, start.path,
                    "flow '\(flow.name)' would start itself, nested, and never finish: this transition \(start.how) (\(cycle))")
            }
        }
    }

    /// The flows from `start` that lead to starting `target`, both included, or nil when none do.
    private func flowChain(from start: String, to target: String) -> [String]? {
        var previous: [String: String] = [:]
        var queue = [start]
        var seen: Set<String> = [start]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current == target {
                var chain = [current]
                while let before = previous[chain[0]] { chain.insert(before, at: 0) }
                return chain
            }
            for transition in manifest.flows[current]?.transitions ?? [] {
                for next in flowsStarted(by: transition).map(\.name) where seen.insert(next).inserted {
                    previous[next] = current
                    queue.append(next)
                }
            }
        }
        return nil
    }

    private mutating func checkGuard(_ guardDefinition: GuardDefinition) {
        let path = guardDefinition.path
        if conditions[guardDefinition.condition] == nil && uncheckedModules.isEmpty {
            report(.error, path, "no loaded module provides the condition '\(guardDefinition.condition)'")
        }
        if manifest.flows[guardDefinition.flow] == nil {
            report(
                .error, path.appending("flow"),
                "unknown flow '\(guardDefinition.flow)'\(ManifestDecoder.suggestion(for: guardDefinition.flow, among: Array(manifest.flows.keys)))"
            )
        }
        if guardDefinition.style != .present && guardDefinition.style != .push {
            report(.error, path.appending("style"), "a guard's flow is shown with push or present, not '\(guardDefinition.style.rawValue)'")
        }
    }

    private mutating func checkLink(_ link: LinkPattern) {
        let path = link.path
        for condition in link.requires {
            checkRequirement(condition, at: path.appending("requires"))
        }
        var provided = Set(link.parameters)
        for parameter in link.parameters {
            if let resolver = resolvers[parameter] { provided.insert(resolver.produces) }
        }
        // A root that is not a known screen was reported already; every link would repeat it.
        if link.screens.first != manifest.root, features[manifest.root] != nil {
            report(.error, path, "link '\(link.pattern)' must start at the root '\(manifest.root)' so that its stack is whole")
        }
        for (index, id) in link.screens.enumerated() {
            let screenPath = path.appending(index)
            guard let screen = feature(id, at: screenPath, role: "feature") else { continue }
            let missing = screen.inputs.filter { !provided.contains($0) }
            // An unchecked plugin's resolver may provide what is missing.
            if !missing.isEmpty && uncheckedModules.isEmpty {
                report(
                    .error, screenPath,
                    "'\(id)' needs input \(missing.map { "'\($0)'" }.joined(separator: ", ")) that link '\(link.pattern)' does not provide (parameters: \(link.parameters.isEmpty ? "none" : link.parameters.joined(separator: ", ")))"
                )
            }
        }
    }

    /// Examples name a loaded screen and one of its commands, and each reads as typed words.
    private mutating func checkExamples(_ examples: CommandExamples) {
        let screenPath = JSONPath.root.appending("examples").appending(examples.screen)
        guard let screen = feature(examples.screen, at: screenPath, role: "screen") else { return }
        guard screen.commands.contains(examples.command) else {
            let known = screen.commands.isEmpty ? "it has none" : "its commands: \(screen.commands.joined(separator: ", "))"
            report(
                .error, examples.path,
                "'\(screen.id)' has no command '\(examples.command)'\(ManifestDecoder.suggestion(for: examples.command, among: screen.commands)); \(known)"
            )
            return
        }
        for (index, text) in examples.arguments.enumerated() {
            do {
                _ = try CommandLineTokenizer.words(of: text)
            } catch {
                report(.error, examples.path.appending(index), "example '\(text)' cannot be read as typed words: \(error.message)")
            }
        }
    }
}
