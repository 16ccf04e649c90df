import FlowManifest
import FlowShellKit

/// What can be restored of a saved stack under the current flow: the deepest valid prefix, as
/// entries to build above the root, the guards whose flows run in it, and why the rest is dropped.
public struct RestorePlan: Equatable, Sendable {
    /// The entries above the root to build, bottom first.
    public var entries: [NavigationEntry]
    /// The saved guards re-established, each with its flow among `entries`, bottom first.
    public var guards: [PendingGuard]
    /// The saved screens left out (their ids), from the first invalid one on.
    public var dropped: [String]
    /// Why the first of them could not be kept.
    public var reason: String?
    /// When the first of them is the root of a guard's flow, the guard's condition: that flow
    /// opens only when a command needs the condition, so the person can be told which.
    public var guardCondition: String?

    /// Describes what a restore keeps, re-establishes and drops.
    public init(entries: [NavigationEntry], guards: [PendingGuard] = [], dropped: [String], reason: String?, guardCondition: String? = nil)
    {
        self.entries = entries
        self.guards = guards
        self.dropped = dropped
        self.reason = reason
        self.guardCondition = guardCondition
    }
}

extension NavigationPlanner {
    /// Walks a saved stack as navigation would have built it, through the same transitions and
    /// guards: each screen must be in this flow, have its inputs, and be reached from the one
    /// below it by a transition (or a link) whose conditions hold now; its presentation is the
    /// one that transition gives. The first screen of a guard's flow is reached through one of
    /// `guards`, the guards that were pending, when that guard still makes sense; it is then
    /// pending again. The walk stops at the first screen that fails.
    public func restorable(_ saved: [NavigationEntry], guards: [PendingGuard] = [], holds: (String) -> Bool) -> RestorePlan {
        guard let first = saved.first else { return RestorePlan(entries: [], dropped: [], reason: nil) }
        guard first.screen == manifest.root, first.input.isEmpty, first.presentation == .root else {
            return RestorePlan(entries: [], dropped: saved.map(\.screen), reason: "this flow starts at \(title(of: manifest.root)) now")
        }
        var restored = [NavigationEntry(screen: manifest.root, presentation: .root)]
        var reopened: [PendingGuard] = []
        for index in saved.indices.dropFirst() {
            let pending = guards.last { $0.index == index }
            switch validate(saved[index], below: restored, pending: pending, holds: holds) {
            case .success(let entry):
                restored.append(entry)
                if let pending, entry.startsFlow, manifest.guards[pending.condition]?.flow == entry.flow { reopened.append(pending) }
            case .failure(let refusal):
                return RestorePlan(
                    entries: Array(restored.dropFirst()), guards: reopened, dropped: saved[index...].map(\.screen),
                    reason: refusal.reason, guardCondition: refusal.guardCondition)
            }
        }
        return RestorePlan(entries: Array(restored.dropFirst()), guards: reopened, dropped: [], reason: nil)
    }

    /// The first screen of a guard's flow, as the guard `pending` opened it above `below` (the
    /// screens restored so far, the root first), when that guard still makes sense: its
    /// condition does not hold yet, and the step it interrupted, planned again from where it
    /// started, still needs it and would open this very guard — over the same screens (a link's,
    /// built below its flow), at the same place, going back to the same `origin` when cancelled.
    /// So finishing or cancelling the restored flow does what it would have done before.
    private func reopening(
        _ saved: NavigationEntry, for pending: PendingGuard, below: [NavigationEntry],
        holds: (String) -> Bool
    ) -> Result<NavigationEntry, Refusal> {
        let condition = pending.condition
        guard !holds(condition) else {
            return .failure(Refusal(reason: "\(title(ofCondition: condition)) is no longer needed", guardCondition: condition))
        }
        let gone = Refusal(reason: "what it was opened for is not in this flow any more", guardCondition: condition)
        guard pending.index == below.count, pending.origin >= 1, pending.origin <= pending.index else { return .failure(gone) }
        let again = plan(pending.resume, stack: Array(below[..<pending.origin])) { $0 == condition ? false : holds($0) }
        guard again.refusal == nil, again.startsGuard == pending, again.keep == pending.origin,
            let opened = again.build.last, again.build.dropLast().elementsEqual(below[pending.origin...]),
            opened.screen == saved.screen, opened.flow == saved.flow, opened.startsFlow
        else {
            return .failure(gone)
        }
        return .success(opened)
    }

    private struct Refusal: Error {
        let reason: String
        var guardCondition: String?
    }

    /// The entry a saved screen becomes above `below` (the screens restored so far, the root
    /// first), or why it cannot; `pending` is the saved guard whose flow started at its place.
    private func validate(
        _ saved: NavigationEntry, below: [NavigationEntry], pending: PendingGuard?,
        holds: (String) -> Bool
    ) -> Result<NavigationEntry, Refusal> {
        let previous = below[below.count - 1]
        let depth = below.count + 1
        guard depth <= manifest.maxDepth else {
            return .failure(Refusal(reason: "this flow allows \(manifest.maxDepth) open screens (maxDepth)"))
        }
        guard let registration = screens[saved.screen] else {
            return .failure(Refusal(reason: "not in this flow"))
        }
        let presentation = saved.presentation
        guard presentation != .root else {
            return .failure(Refusal(reason: "its presentation '\(presentation.rawValue)' is not one a screen above the first can have"))
        }
        if let missing = registration.inputs.first(where: { saved.input[$0] == nil }) {
            return .failure(Refusal(reason: "it needs input '\(missing)'"))
        }
        // The edge that leads here from the screen below, in the scope that screen runs in.
        let edge: Transition?
        if let flow = saved.flow {
            guard let subFlow = manifest.flows[flow] else {
                return .failure(Refusal(reason: "its sub-flow '\(flow)' is not in this flow"))
            }
            if saved.startsFlow {
                guard subFlow.root == saved.screen else {
                    return .failure(Refusal(reason: "sub-flow '\(flow)' starts at \(title(of: subFlow.root)), not here"))
                }
                // A guard's flow that was running comes back with the step it interrupted.
                if let pending, manifest.guards[pending.condition]?.flow == flow {
                    return reopening(saved, for: pending, below: below, holds: holds)
                }
                guard let start = transitions(in: previous.flow).startingFlow(flow, from: previous.screen) else {
                    // A guard's flow opens when a command needs its condition, never by itself.
                    if let condition = manifest.guards.keys.sorted().first(where: { manifest.guards[$0]?.flow == flow }) {
                        return .failure(
                            Refusal(reason: "it opens only when \(title(ofCondition: condition)) is needed", guardCondition: condition))
                    }
                    return .failure(Refusal(reason: "nothing below it starts sub-flow '\(flow)'"))
                }
                edge = start
            } else {
                guard previous.flow == flow else {
                    return .failure(Refusal(reason: "it belongs to sub-flow '\(flow)', which is not running below it"))
                }
                edge = transitions(in: flow).edge(from: previous.screen, to: saved.screen)
            }
        } else {
            guard !saved.startsFlow else { return .failure(Refusal(reason: "it starts a sub-flow but names none")) }
            if let flow = previous.flow {
                return .failure(Refusal(reason: "it is not part of sub-flow '\(flow)', which runs below it"))
            }
            edge =
                transitions(in: nil).edge(from: previous.screen, to: saved.screen)
                ?? (linksLead(from: previous.screen, to: saved.screen)
                    ? Transition(
                        from: previous.screen, on: "", to: saved.screen, style: presentation == .presented ? .present : .push, path: .root)
                    : nil)
        }
        guard let edge, edge.style != .root, edge.style != .replace else {
            return .failure(Refusal(reason: "nothing in this flow leads there from \(title(of: previous.screen))"))
        }
        if let unmet = edge.requires.first(where: { !holds($0) }) {
            return .failure(Refusal(reason: "\(title(ofCondition: unmet)) is needed first"))
        }
        return .success(
            NavigationEntry(
                screen: saved.screen, input: saved.input, presentation: edge.style == .present ? .presented : .pushed,
                flow: saved.flow, startsFlow: saved.startsFlow))
    }

    private func linksLead(from screen: String, to target: String) -> Bool {
        manifest.links.contains { link in zip(link.screens, link.screens.dropFirst()).contains { $0 == screen && $1 == target } }
    }
}
