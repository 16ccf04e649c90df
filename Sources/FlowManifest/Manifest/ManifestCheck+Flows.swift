import FlowShellKit

/// The checks of sub-flows, guards, links and commands' examples.
extension ManifestCheck {
    mutating func checkFlow(_ flow: SubFlow) {
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
    func flowsStarted(by transition: Transition) -> [(name: String, path: JSONPath, how: String)] {
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
    mutating func checkFlowDoesNotStartItself(_ flow: SubFlow) {
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
    func flowChain(from start: String, to target: String) -> [String]? {
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

    mutating func checkGuard(_ guardDefinition: GuardDefinition) {
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

    mutating func checkLink(_ link: LinkPattern) {
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
    mutating func checkExamples(_ examples: CommandExamples) {
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
