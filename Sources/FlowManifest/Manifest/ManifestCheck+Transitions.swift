import FlowShellKit

/// The transitions' checks: events, commands, targets and what they require.
extension ManifestCheck {
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

    mutating func checkTransitions(_ transitions: [Transition]) {
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
    mutating func checkCommand(_ transition: Transition) {
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

    mutating func checkTransition(_ transition: Transition) {
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
    mutating func checkTarget(of transition: Transition, from sources: [(FeatureRegistration, Set<String>)]) {
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

    mutating func checkRequirement(_ condition: String, at path: JSONPath) {
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
}
