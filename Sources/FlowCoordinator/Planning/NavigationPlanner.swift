import FlowManifest
import FlowShellKit

/// The Coordinator role: from an intent (an event, a config command, `back`, `home`, a link, a
/// guard's result) and the stack, a pure function of the manifest and the conditions that says
/// where to go. It changes nothing itself; ``AppFlowCoordinator`` executes what it plans.
public struct NavigationPlanner: Sendable {
    /// The flow being planned for.
    public let manifest: Manifest
    /// The loaded screens, by id.
    public let screens: [String: FeatureRegistration]
    /// What each condition is called for people (`sign-in`), by name.
    public let conditionTitles: [String: String]
    private let main: TransitionIndex
    private let flows: [String: TransitionIndex]
    /// The commands the config adds, described, by sub-flow ("" for the main flow) and screen
    /// (`*` for those of every screen): every line asks for the top screen's.
    private var commandDescriptions: [String: [String: [CommandDescription]]] = [:]
    /// The same, each screen's by name: a typed name is looked up without going through them all.
    private var commandDescriptionsByName: [String: [String: [String: CommandDescription]]] = [:]

    /// Plans for a manifest and the screens and conditions it loads.
    public init(manifest: Manifest, screens: [String: FeatureRegistration], conditionTitles: [String: String] = [:]) {
        self.manifest = manifest
        self.screens = screens
        self.conditionTitles = conditionTitles
        main = TransitionIndex(manifest.transitions)
        flows = manifest.flows.mapValues { TransitionIndex($0.transitions) }
        for (flow, transitions) in [("", manifest.transitions)] + manifest.flows.map({ ($0.key, $0.value.transitions) }) {
            let index = flow.isEmpty ? main : self.transitions(in: flow)
            for from in Set(transitions.filter(\.isCommand).map(\.from)) {
                let described = index.commands(on: from).map {
                    CommandDescription(name: $0.on, summary: $0.summary ?? "Open \(title(of: $0.to ?? $0.flow ?? ""))")
                }
                commandDescriptions[flow, default: [:]][from] = described
                commandDescriptionsByName[flow, default: [:]][from] = Dictionary(
                    described.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            }
        }
    }

    /// The commands the config adds to `screen` in sub-flow `flow` (nil: the main flow), described
    /// as a screen describes its own: its own first, then those of every screen, in manifest order.
    public func configCommands(on screen: String, in flow: String?) -> [CommandDescription] {
        let scope = commandDescriptions[flow ?? ""]
        return scope?[screen] ?? scope?[Transition.anyScreen] ?? []
    }

    /// The command named `name` that the config adds to `screen` in sub-flow `flow` (nil: the
    /// main flow), if any: one of ``configCommands(on:in:)``.
    public func configCommand(named name: String, on screen: String, in flow: String?) -> CommandDescription? {
        let scope = commandDescriptionsByName[flow ?? ""]
        return (scope?[screen] ?? scope?[Transition.anyScreen])?[name]
    }

    /// The transitions in force for a screen of sub-flow `flow` (nil: the main flow).
    public func transitions(in flow: String?) -> TransitionIndex {
        flow.map { flows[$0] ?? TransitionIndex([]) } ?? main
    }

    /// A screen's title for messages: its registered title, else its id.
    public func title(of screen: String) -> String {
        screens[screen]?.title ?? screen
    }

    /// A condition's name for people.
    public func title(ofCondition condition: String) -> String {
        conditionTitles[condition].flatMap { $0.isEmpty ? nil : $0 } ?? condition
    }

    /// Where `intent` leads from `stack`, given which conditions hold and which guards are running.
    public func plan(
        _ intent: NavigationIntent, stack: [NavigationEntry], guards: [PendingGuard] = [],
        holds: (String) -> Bool
    ) -> NavigationPlan {
        let count = stack.count
        switch intent {
        case .back:
            guard let top = stack.last, count > 1 else {
                return .refused(Notice(.error, "already at the first screen — nothing to go back to"), keeping: count)
            }
            if top.startsFlow, let flow = top.flow {
                return finish(flow, containing: count - 1, result: SubFlow.cancelledResult, payload: [:], stack: stack, guards: guards)
            }
            return NavigationPlan(keep: count - 1)
        case .home:
            return NavigationPlan(keep: min(1, count))
        case .event(let event, let index):
            guard stack.indices.contains(index) else { return NavigationPlan(keep: count) }
            let source = stack[index]
            if let flow = source.flow, let result = manifest.flows[flow]?.finish[event.name] {
                return finish(flow, containing: index, result: result, payload: event.payload, stack: stack, guards: guards)
            }
            guard let transition = transition(followedBy: intent, stack: stack) else {
                return .refused(
                    Notice(.warning, "that leads nowhere from \(title(of: source.screen)) in this flow; nothing changed"), keeping: count)
            }
            return follow(transition, payload: event.payload, from: index, intent: intent, stack: stack, guards: guards, holds: holds)
        case .command(let name, let index):
            guard let transition = transition(followedBy: intent, stack: stack) else {
                return .refused(Notice(.error, "unknown command '\(name)' here — try help"), keeping: count)
            }
            return follow(transition, payload: stack[index].input, from: index, intent: intent, stack: stack, guards: guards, holds: holds)
        case .link(let target):
            return link(target, intent: intent, stack: stack, holds: holds)
        }
    }

    /// The transition an event or a config command follows from `stack`: nil for an event that
    /// ends its sub-flow or that no transition takes, and for the other intents.
    public func transition(followedBy intent: NavigationIntent, stack: [NavigationEntry]) -> Transition? {
        switch intent {
        case .event(let event, let index):
            guard stack.indices.contains(index) else { return nil }
            let source = stack[index]
            if let flow = source.flow, manifest.flows[flow]?.finish[event.name] != nil { return nil }
            return transitions(in: source.flow).transition(from: source.screen, on: event.name)
        case .command(let name, let index):
            guard stack.indices.contains(index) else { return nil }
            return transitions(in: stack[index].flow).command(name, on: stack[index].screen)
        case .back, .home, .link:
            return nil
        }
    }

    // MARK: - Transitions

    private func follow(
        _ transition: Transition, payload: [String: String], from index: Int, intent: NavigationIntent,
        stack: [NavigationEntry], guards: [PendingGuard], holds: (String) -> Bool
    ) -> NavigationPlan {
        let count = stack.count
        if let unmet = transition.requires.first(where: { !holds($0) }) {
            return startGuard(unmet, resume: intent, stack: stack)
        }
        switch transition.style {
        case .pop:
            return plan(.back, stack: stack, guards: guards, holds: holds)
        case .dismiss:
            guard let layerRoot = stack.lastIndex(where: { $0.presentation == .presented }) else {
                return .refused(Notice(.error, "'\(transition.on)' asks to dismiss, but no modal layer is open"), keeping: count)
            }
            return NavigationPlan(keep: layerRoot)
        case .push, .present, .replace, .root, .popTo:
            guard let target = transition.flow.flatMap({ manifest.flows[$0]?.root }) ?? transition.to else {
                return NavigationPlan(keep: count)
            }
            let flow = transition.flow ?? stack[index].flow
            let startsFlow = transition.flow != nil
            var plan: NavigationPlan
            switch transition.style {
            case .present:
                plan = NavigationPlan(
                    keep: count,
                    build: [NavigationEntry(screen: target, input: payload, presentation: .presented, flow: flow, startsFlow: startsFlow)])
            case .replace where count > 1:
                // The replacement takes the replaced screen's place, and so its presentation.
                let top = stack[count - 1]
                plan = NavigationPlan(
                    keep: count - 1,
                    build: [
                        NavigationEntry(
                            screen: target, input: payload, presentation: top.presentation,
                            flow: top.flow, startsFlow: top.startsFlow)
                    ])
            case .replace, .root:
                plan = NavigationPlan(keep: 0, build: [NavigationEntry(screen: target, input: payload, presentation: .root)])
            case .popTo:
                if let open = stack.lastIndex(where: { $0.screen == target && $0.input == payload }) {
                    return NavigationPlan(keep: open + 1)
                }
                fallthrough
            default:
                plan = NavigationPlan(
                    keep: count,
                    build: [NavigationEntry(screen: target, input: payload, presentation: .pushed, flow: flow, startsFlow: startsFlow)])
            }
            return limited(plan)
        }
    }

    /// Ends the sub-flow that the screen at `index` belongs to: closes it, then resumes the guard
    /// that started it, or hands the result to the screen that started it.
    private func finish(
        _ flow: String, containing index: Int, result: String, payload: [String: String],
        stack: [NavigationEntry], guards: [PendingGuard]
    ) -> NavigationPlan {
        let root = stack[...index].lastIndex { $0.startsFlow && $0.flow == flow } ?? index
        var plan = NavigationPlan(keep: root)
        if let pending = guards.last(where: { $0.index == root }) {
            // Given up: back where the navigation that needed it started.
            if result == SubFlow.cancelledResult { plan.keep = min(root, pending.origin) }
            plan.then = .guardFinished(pending, result: result)
        } else if root > 0, let subFlow = manifest.flows[flow] {
            plan.then = .event(FeatureEvent(subFlow.resultEvent(result), payload: payload), to: root - 1)
        }
        return plan
    }

    /// Opens the guard's flow for `condition` on top; `resume` is planned again once it ends with
    /// the condition holding.
    private func startGuard(
        _ condition: String, resume: NavigationIntent, stack: [NavigationEntry],
        keeping kept: Int? = nil, building built: [NavigationEntry] = []
    ) -> NavigationPlan {
        let keep = kept ?? stack.count
        guard let definition = manifest.guards[condition], let flow = manifest.flows[definition.flow] else {
            return .refused(
                Notice(
                    .error, "\(title(ofCondition: condition)) is needed for that, and nothing in this flow provides it; nothing changed"),
                keeping: stack.count)
        }
        let entry = NavigationEntry(
            screen: flow.root, presentation: definition.style == .push ? .pushed : .presented,
            flow: flow.name, startsFlow: true)
        var plan = NavigationPlan(keep: keep, build: built + [entry])
        plan.startsGuard = PendingGuard(index: keep + built.count, condition: condition, resume: resume, origin: keep)
        plan.notices = [Notice(.info, "\(title(ofCondition: condition)) is needed first")]
        return limited(plan)
    }

    /// The plan, or a refusal when it would make the stack deeper than the flow allows.
    private func limited(_ plan: NavigationPlan) -> NavigationPlan {
        let depth = plan.keep + plan.build.count
        guard depth > manifest.maxDepth, let last = plan.build.last else { return plan }
        return .refused(
            Notice(
                .error,
                "cannot open \(title(of: last.screen)): that would make \(depth) open screens, and this flow allows \(manifest.maxDepth) (maxDepth)"
            ),
            keeping: plan.keep + plan.build.count - 1)
    }

    // MARK: - Links

    /// The smallest change from the stack to the link's screens: what is open already with the
    /// same input stays; the rest is built, through the guards of the edges between them.
    private func link(_ target: LinkTarget, intent: NavigationIntent, stack: [NavigationEntry], holds: (String) -> Bool) -> NavigationPlan {
        if let unmet = target.requires.first(where: { !holds($0) }) {
            return startGuard(unmet, resume: intent, stack: stack)
        }
        let wanted = Array(zip(target.screens, target.inputs))
        var kept = 0
        while kept < min(stack.count, wanted.count), stack[kept].screen == wanted[kept].0, stack[kept].input == wanted[kept].1,
            stack[kept].flow == nil, kept == 0 || stack[kept].presentation != .root
        {
            kept += 1
        }
        guard kept > 0 else {
            return .refused(
                Notice(.error, "cannot open \(target.text): it starts at \(title(of: wanted.first?.0 ?? "")), not at this flow's root"),
                keeping: stack.count)
        }
        var build: [NavigationEntry] = []
        for position in kept..<wanted.count {
            let (screen, input) = wanted[position]
            let edge = main.edge(from: wanted[position - 1].0, to: screen)
            if let unmet = edge?.requires.first(where: { !holds($0) }) {
                return startGuard(unmet, resume: intent, stack: stack, keeping: kept, building: build)
            }
            build.append(NavigationEntry(screen: screen, input: input, presentation: edge?.style == .present ? .presented : .pushed))
        }
        return limited(NavigationPlan(keep: kept, build: build))
    }
}
