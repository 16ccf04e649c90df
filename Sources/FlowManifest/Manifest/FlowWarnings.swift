import FlowShellKit

/// What looks unintended in a flow with no error: screens nothing reaches, events nothing
/// handles (their command would do nothing), screens only quit leaves, and `root` transitions
/// after which no link opens.
struct FlowWarnings {
    let check: ManifestCheck
    private(set) var diagnostics: [Diagnostic] = []
    /// The main flow's transitions and each sub-flow's with what finishes it, indexed once: each
    /// question below is a few lookups, however large the flow.
    private let main: TransitionIndex
    private let subFlows: [(transitions: TransitionIndex, finish: [String: String])]

    init(check: ManifestCheck) {
        self.check = check
        main = TransitionIndex(check.manifest.transitions)
        subFlows = check.manifest.flows.values.sorted { $0.name < $1.name }.map { (TransitionIndex($0.transitions), $0.finish) }
    }

    private var manifest: Manifest { check.manifest }

    mutating func report(_ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(.warning, file: check.file, location: manifest.location(of: path), path: path, message: message))
    }

    /// The screens a sub-flow can show: its root and every target of its transitions.
    static func screens(of flow: SubFlow, in manifest: Manifest) -> Set<String> {
        Set([flow.root] + flow.transitions.compactMap(\.to))
    }

    mutating func run() {
        let modulesPath = JSONPath.root.appending("modules")
        func modulePath(of id: String) -> JSONPath {
            guard let module = check.catalog.module(of: id), let index = manifest.modules.firstIndex(of: module) else { return modulesPath }
            return modulesPath.appending(index)
        }
        let reachable = reachableFeatures()
        for feature in check.sortedFeatures {
            guard reachable.contains(feature.id) else {
                report(modulePath(of: feature.id), "feature '\(feature.id)' is loaded but no transition from the root reaches it")
                continue
            }
            for event in feature.events where !isHandled(event.name, from: feature.id) {
                report(
                    modulePath(of: feature.id),
                    "'\(feature.id)' emits '\(event.name)' but no transition handles it: the command behind it will do nothing")
            }
        }
        for link in manifest.links {
            checkLink(link)
        }
        // A screen that takes over the whole stack and leads nowhere: only quit leaves it.
        for transition in manifest.transitions where transition.style == .root {
            guard let target = transition.to, let feature = check.features[target] else { continue }
            if !feature.events.contains(where: { isHandled($0.name, from: target) }) {
                report(
                    transition.path.appending("to"),
                    "'\(target)' becomes the only screen and no transition leads away from it: only quit leaves it")
            }
        }
        checkLinksAfterRootTransitions()
        checkDismissesOutsideModalLayers()
        checkCommandsAgentsCannotCall()
    }

    /// A `dismiss` closes the top modal layer: from a screen that some path shows outside any
    /// modal layer (pushed on the root's layer), it has nothing to close and fails when taken.
    private mutating func checkDismissesOutsideModalLayers() {
        let outside = screensOutsideModalLayers()
        let transitions = manifest.transitions + manifest.flows.values.sorted { $0.name < $1.name }.flatMap(\.transitions)
        for transition in transitions where transition.style == .dismiss && transition.from != Transition.anyScreen {
            guard let how = outside[transition.from] else { continue }
            report(
                transition.path.appending("style"),
                "'\(transition.from)' is shown outside any modal layer (\(how)): there '\(transition.on)' has no modal layer to dismiss — present it, or use 'pop'"
            )
        }
    }

    /// The screens some path shows on the root's layer, each with how it first gets there
    /// (`shown by 'book' from 'cars.details', push`).
    private func screensOutsideModalLayers() -> [String: String] {
        var outside: [String: String] = [manifest.root: "the root"]
        var startedOutside: Set<String> = []
        var frontier = [manifest.root]
        func reach(_ id: String, _ how: String) {
            guard outside[id] == nil else { return }
            outside[id] = how
            frontier.append(id)
        }
        for link in manifest.links {
            for (previous, id) in zip(link.screens, link.screens.dropFirst()) {
                guard outside[previous] != nil || previous == manifest.root else { break }
                let edge = manifest.transitions.first { ($0.from == previous || $0.from == Transition.anyScreen) && $0.to == id }
                guard edge?.style != .present else { break }
                reach(id, "opened by link '\(link.pattern)'")
            }
        }
        while let current = frontier.popLast() {
            let scopes = [manifest.transitions] + manifest.flows.values.filter { startedOutside.contains($0.name) }.map(\.transitions)
            for transition in scopes.joined() where transition.from == current || transition.from == Transition.anyScreen {
                let keepsLayer = [.push, .replace, .popTo, .root].contains(transition.style)
                let how = "shown by '\(transition.on)' from '\(current)', \(transition.style.rawValue)"
                if keepsLayer, let target = transition.to { reach(target, how) }
                var flows: [String] = []
                if keepsLayer, let flow = transition.flow { flows.append(flow) }
                flows += transition.requires.compactMap { manifest.guards[$0] }.filter { $0.style == .push }.map(\.flow)
                for name in flows where startedOutside.insert(name).inserted {
                    if let flow = manifest.flows[name] { reach(flow.root, "its flow '\(name)' pushed from '\(current)'") }
                }
            }
        }
        return outside
    }

    /// A link's stack starts at the root screen, and opening one keeps the screens already open
    /// from the bottom: once a `root` transition makes another screen the only one, no link
    /// opens until the shell restarts.
    private mutating func checkLinksAfterRootTransitions() {
        guard !manifest.links.isEmpty else { return }
        let transitions = manifest.transitions + manifest.flows.values.sorted { $0.name < $1.name }.flatMap(\.transitions)
        for transition in transitions where transition.style == .root {
            guard let target = transition.to, target != manifest.root else { continue }
            report(
                transition.path.appending("to"),
                "'\(target)' becomes the only screen, but links start at the root '\(manifest.root)': after '\(transition.on)' no link opens until the shell restarts — go to '\(manifest.root)' instead, or make '\(target)' the root"
            )
        }
    }

    /// A link whose stack no user could reach, or with a parameter no screen uses.
    private mutating func checkLink(_ link: LinkPattern) {
        let inputs = Set(link.screens.flatMap { check.features[$0]?.inputs ?? [] })
        for parameter in link.parameters {
            let provides = check.resolvers[parameter]?.produces ?? parameter
            if !inputs.contains(provides) {
                report(link.path, "parameter ':\(parameter)' of link '\(link.pattern)' is not an input of any of its screens")
            }
        }
        for (index, pair) in zip(link.screens, link.screens.dropFirst()).enumerated() {
            let (previous, id) = pair
            if main.edge(from: previous, to: id) == nil {
                report(
                    link.path.appending(index + 1),
                    "no transition leads from '\(previous)' to '\(id)': this link builds a stack no user could reach")
            }
        }
    }

    private func isHandled(_ event: String, from featureID: String) -> Bool {
        if main.transition(from: featureID, on: event) != nil { return true }
        return subFlows.contains { $0.transitions.transition(from: featureID, on: event) != nil || $0.finish[event] != nil }
    }

    /// Features some chain reaches from the root: transitions, sub-flows they or guards start,
    /// and the screens of links. A screen reached is followed through the transitions of the
    /// main flow and of the sub-flows started by then, each found by a lookup.
    private func reachableFeatures() -> Set<String> {
        var reached: Set<String> = [manifest.root]
        var frontier = [manifest.root]
        func visit(_ id: String) {
            if reached.insert(id).inserted { frontier.append(id) }
        }
        for link in manifest.links { link.screens.forEach(visit) }
        var scopes = [ReachIndex(manifest.transitions)]
        var startedFlows: Set<String> = []
        // The commands every screen has lead on from whichever screen is reached first.
        var scopesWhoseSharedCommandsAreFollowed = 0
        while let current = frontier.popLast() {
            let emitted = Set(check.features[current]?.events.map(\.name) ?? [])
            var taken: [Transition] = []
            for scope in scopes {
                var fromHere = scope.from[current] ?? []
                for event in emitted { fromHere += scope.anyScreenEvents[event] ?? [] }
                taken += fromHere.sorted { $0.order < $1.order }.map(\.transition)
            }
            while scopesWhoseSharedCommandsAreFollowed < scopes.count {
                taken += scopes[scopesWhoseSharedCommandsAreFollowed].anyScreenCommands
                scopesWhoseSharedCommandsAreFollowed += 1
            }
            for transition in taken {
                if let target = transition.to { visit(target) }
                var flows = transition.flow.map { [$0] } ?? []
                flows += transition.requires.compactMap { manifest.guards[$0]?.flow }
                for name in flows where startedFlows.insert(name).inserted {
                    if let flow = manifest.flows[name] {
                        scopes.append(ReachIndex(flow.transitions))
                        visit(flow.root)
                        Self.screens(of: flow, in: manifest).forEach(visit)
                    }
                }
            }
        }
        return reached
    }
}

/// One scope's transitions as reachability follows them: by the screen they start from, the
/// events any screen may emit by name, and the commands every screen has.
private struct ReachIndex {
    var from: [String: [(order: Int, transition: Transition)]] = [:]
    var anyScreenEvents: [String: [(order: Int, transition: Transition)]] = [:]
    var anyScreenCommands: [Transition] = []

    init(_ transitions: [Transition]) {
        for (order, transition) in transitions.enumerated() {
            if transition.from != Transition.anyScreen {
                from[transition.from, default: []].append((order, transition))
            } else if transition.isCommand {
                anyScreenCommands.append(transition)
            } else {
                anyScreenEvents[transition.on, default: []].append((order, transition))
            }
        }
    }
}
