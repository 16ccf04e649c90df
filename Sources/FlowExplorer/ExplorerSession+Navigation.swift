import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation

/// What the explorer reads in what navigation did after each step: the transitions and links it
/// followed, what it refused, and the guards it started and finished.
extension ExplorerSession {
    func observe(_ trace: NavigationTrace) {
        var resumed: StartedGuard?
        if let index = finishedGuards.firstIndex(where: { $0.pending.resume == trace.intent }) {
            resumed = finishedGuards.remove(at: index)
        }
        if let resumed {
            observations.append(.guardOutcome(site: resumed.site, condition: resumed.pending.condition, .finished))
        }
        switch trace.outcome {
        case .applied:
            applied(trace, resumed: resumed)
        case .refused(let notice):
            refused(trace, notice)
        case .failed(_, let notice):
            // Cancelled: a step past its deadline, which is said as such.
            guard notice.style == .error else { return }
            let place = trace.plan.startsGuard.flatMap { manifest.guards[$0.condition]?.path } ?? basis(of: trace) ?? origins.last ?? nil
            let kind: FindingKind = if case .link = trace.intent { .linkFailed } else { .screenFailed }
            observations.append(.problem(Problem(kind: kind, place: place, message: notice.text)))
        }
    }

    /// The transition or link a trace followed, if any.
    func basis(of trace: NavigationTrace) -> JSONPath? {
        switch trace.intent {
        case .event, .command:
            return flow.planner.transition(followedBy: trace.intent, stack: trace.before)?.path
        case .link(let target):
            return manifest.link(matching: target.text)?.pattern.path
        case .back, .home:
            return nil
        }
    }

    func applied(_ trace: NavigationTrace, resumed: StartedGuard?) {
        let plan = trace.plan
        // What ends a guard's flow is read before the guards it closes are forgotten.
        switch plan.then {
        case .guardFinished(let pending, let result):
            let flowName = manifest.guards[pending.condition]?.flow ?? pending.condition
            observations.append(.flowResult(flow: flowName, result: result))
            if let started = startedGuards.last(where: { $0.pending == pending }) {
                if result == SubFlow.cancelledResult {
                    observations.append(.guardOutcome(site: started.site, condition: pending.condition, .cancelled))
                    if trace.after != started.before {
                        observations.append(
                            .problem(
                                Problem(
                                    kind: .guardCancelMoved, place: started.site,
                                    message:
                                        "cancelling flow '\(flowName)' left \(describe(trace.after)) open, not \(describe(started.before))")
                            ))
                    }
                } else {
                    observations.append(.guardFlowFinished(site: started.site, condition: pending.condition))
                    finishedGuards.append(started)
                }
            }
        case .event(let event, _):
            if let dot = event.name.firstIndex(of: ".") {
                observations.append(
                    .flowResult(flow: String(event.name[..<dot]), result: String(event.name[event.name.index(after: dot)...])))
            }
        case nil:
            break
        }
        startedGuards.removeAll { $0.pending.index >= plan.keep }

        let basis = basis(of: trace)
        var built: [JSONPath?] = plan.build.map { _ in basis }
        switch trace.intent {
        case .event, .command:
            if let transition = flow.planner.transition(followedBy: trace.intent, stack: trace.before) {
                followed(transition, plan: plan, before: trace.before, resumed: resumed)
            }
        case .link(let target):
            linked(target, plan: plan, before: trace.before, resumed: resumed)
        case .back, .home:
            break
        }
        if let started = plan.startsGuard, !built.isEmpty {
            built[built.count - 1] = manifest.guards[started.condition]?.path
        }
        origins = Array(origins.prefix(plan.keep)) + built
        if origins.count != trace.after.count {
            origins = Array(origins.prefix(trace.after.count)) + Array(repeating: nil, count: max(0, trace.after.count - origins.count))
        }
        for entry in plan.build {
            observations.append(.screenReached(entry.screen))
        }
        if let failure = trace.appearFailure {
            observations.append(.problem(Problem(kind: .screenFailed, place: origins.last ?? nil, message: failure.text)))
        }
    }

    /// A transition followed: taken, or held up by a guard whose flow now runs.
    func followed(_ transition: Transition, plan: NavigationPlan, before: [NavigationEntry], resumed: StartedGuard?) {
        let resumedCondition = resumed?.pending.condition
        if let pending = plan.startsGuard {
            // The requirements before the one that does not hold held.
            for condition in transition.requires.prefix(while: { $0 != pending.condition }) where condition != resumedCondition {
                observations.append(.guardOutcome(site: transition.path, condition: condition, .met))
            }
            startedGuards.append(StartedGuard(pending: pending, site: transition.path, before: before))
            observations.append(.guardStarted(site: transition.path, condition: pending.condition))
            return
        }
        observations.append(.transitionTaken(transition.path))
        if let subFlow = transition.flow { observations.append(.flowStarted(subFlow)) }
        for condition in transition.requires where condition != resumedCondition {
            observations.append(.guardOutcome(site: transition.path, condition: condition, .met))
        }
    }

    /// A link followed: built, or held up by a guard (its own requirement, or a transition's
    /// between two of its screens).
    func linked(_ target: LinkTarget, plan: NavigationPlan, before: [NavigationEntry], resumed: StartedGuard?) {
        guard let link = manifest.link(matching: target.text)?.pattern else { return }
        let resumedCondition = resumed?.pending.condition
        let main = flow.planner.transitions(in: nil)
        if let pending = plan.startsGuard {
            if target.requires.contains(pending.condition) {
                for condition in target.requires.prefix(while: { $0 != pending.condition }) where condition != resumedCondition {
                    observations.append(.guardOutcome(site: link.path, condition: condition, .met))
                }
                startedGuards.append(StartedGuard(pending: pending, site: link.path, before: before))
                observations.append(.guardStarted(site: link.path, condition: pending.condition))
                return
            }
            let position = pending.index
            let site =
                position > 0 && position < target.screens.count
                ? main.edge(from: target.screens[position - 1], to: target.screens[position])?.path ?? link.path : link.path
            startedGuards.append(StartedGuard(pending: pending, site: site, before: before))
            observations.append(.guardStarted(site: site, condition: pending.condition))
            return
        }
        observations.append(.linkBuilt(link.path))
        for condition in target.requires where condition != resumedCondition {
            observations.append(.guardOutcome(site: link.path, condition: condition, .met))
        }
        for position in target.screens.indices.dropFirst(max(plan.keep, 1)) {
            guard let edge = main.edge(from: target.screens[position - 1], to: target.screens[position]) else { continue }
            for condition in edge.requires where condition != resumedCondition {
                observations.append(.guardOutcome(site: edge.path, condition: condition, .met))
            }
        }
    }

    func refused(_ trace: NavigationTrace, _ notice: Notice) {
        switch trace.intent {
        case .event(let event, let index):
            if let transition = flow.planner.transition(followedBy: trace.intent, stack: trace.before) {
                observations.append(.problem(Problem(kind: .transitionFailed, place: transition.path, message: notice.text)))
                return
            }
            // A sub-flow given up hands its parent `NAME.cancelled`, which it need not handle.
            if let dot = event.name.firstIndex(of: "."), manifest.flows[String(event.name[..<dot])] != nil,
                event.name[event.name.index(after: dot)...] == SubFlow.cancelledResult
            {
                return
            }
            let screen = trace.before.indices.contains(index) ? name(of: trace.before[index].screen) : "a closed screen"
            let origin = origins.indices.contains(index) ? origins[index] : nil
            observations.append(
                .problem(
                    Problem(
                        kind: .unhandledEvent, place: origin,
                        message: "\(screen) emitted '\(event.name)', which no transition takes from it in this flow: \(notice.text)")))
        case .command:
            if let transition = flow.planner.transition(followedBy: trace.intent, stack: trace.before) {
                observations.append(.problem(Problem(kind: .transitionFailed, place: transition.path, message: notice.text)))
            }
        case .link(let target):
            observations.append(
                .problem(
                    Problem(
                        kind: .linkFailed, place: manifest.link(matching: target.text)?.pattern.path,
                        message: notice.text)))
        case .back, .home:
            // Nothing to go back to: what back says at the first screen.
            break
        }
    }

    /// A screen as a finding names it: its title, and its id as the config writes it (`Operators (cars.operators)`).
    func name(of screen: String) -> String {
        "\(flow.planner.title(of: screen)) (\(screen))"
    }

    func describe(_ stack: [NavigationEntry]) -> String {
        stack.map { flow.planner.title(of: $0.screen) }.joined(separator: " › ")
    }
}
