import FlowManifest
import FlowShellKit

extension AppFlowCoordinator {
    /// Where the user is now: the stack's encoding, with the guards whose flows are running, as saved.
    public var snapshot: NavigationSnapshot {
        NavigationSnapshot(app: manifest.app, screens: router.entries, pendingGuards: pendingGuards)
    }

    /// Rebuilds the screens of a saved stack above the root: the deepest part that the current
    /// flow reaches through its transitions, with its guards' conditions holding now; each screen
    /// then looks up what it shows. A guard's flow that was running comes back with the step it
    /// interrupted, when that step still needs it (``NavigationPlanner/restorable(_:guards:holds:)``):
    /// finishing it goes on to that step, cancelling it goes back to where the step started.
    /// Every screen left out is named in one notice.
    public func restore(_ snapshot: NavigationSnapshot) async -> [Notice] {
        guard snapshot.app == manifest.app else {
            return [Notice(.warning, "the saved state belongs to app '\(snapshot.app)', not '\(manifest.app)'; starting at the root")]
        }
        let (plan, checked) = await planning { planner.restorable(snapshot.screens, guards: snapshot.pendingGuards, holds: $0) }
        var built: [OpenScreen] = []
        for (index, entry) in plan.entries.enumerated() {
            do {
                built.append(try await build(entry))
            } catch {
                let titles = plan.entries[index...].map { planner.title(of: $0.screen) } + plan.dropped.map { planner.title(of: $0) }
                _ = await changeStack(keeping: 1, adding: built)
                pendingGuards = plan.guards.filter { $0.index < router.screens.count }
                return checked + [notReopened(titles, UserFacingError.message(for: error))]
            }
        }
        _ = await changeStack(keeping: 1, adding: built)
        pendingGuards = plan.guards
        guard let reason = plan.reason else { return checked }
        let hint = plan.guardCondition.flatMap { commandsNeeding($0, on: router.screens.last) }
        return checked + [
            notReopened(plan.dropped.map { planner.title(of: $0) }, reason + (hint.map { "; type \($0) again to get there" } ?? ""))
        ]
    }

    /// The commands of `screen` that lead somewhere needing `condition` (`book`, whose event
    /// leads to a screen that needs sign-in), as words: `book`, `book or rent`.
    private func commandsNeeding(_ condition: String, on screen: OpenScreen?) -> String? {
        guard let screen else { return nil }
        let scope = screen.entry.flow.flatMap { manifest.flows[$0]?.transitions } ?? manifest.transitions
        let needing = scope.filter { ($0.from == screen.featureID || $0.from == Transition.anyScreen) && $0.requires.contains(condition) }
        let events = Set(needing.filter { !$0.isCommand }.map(\.on))
        let names =
            needing.filter(\.isCommand).map(\.on)
            + screen.screen.viewProperties.commands.filter { $0.emits.contains(where: events.contains) }.map(\.name)
        guard let last = names.last else { return nil }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Runs a new manifest in place of the current one: the open screens the new flow still
    /// reaches stay (they are not rebuilt), the rest are closed and named.
    public func reload(_ newManifest: Manifest, catalog newCatalog: FeatureCatalog) async -> [Notice] {
        let open = router.screens
        adopt(newManifest, catalog: newCatalog)
        guard let root = open.first, root.featureID == newManifest.root, planner.screens[root.featureID] != nil else {
            let titles = open.dropFirst().map { $0.screen.title }
            do {
                try await start()
                return [
                    Notice(
                        .info,
                        "the flow now starts at \(planner.title(of: newManifest.root))"
                            + (titles.isEmpty ? "" : "; closed \(titles.joined(separator: ", "))"))
                ]
            } catch {
                return [Notice.cannotOpen("the new first screen \(planner.title(of: newManifest.root))", because: error)]
            }
        }
        let (plan, checked) = await planning { planner.restorable(snapshot.screens, guards: pendingGuards, holds: $0) }
        let kept = 1 + plan.entries.count
        // A guard's flow still running keeps its guard; one closed takes it along.
        pendingGuards = plan.guards
        guard kept < open.count else { return checked }
        let titles = open[kept...].map { $0.screen.title }
        _ = await changeStack(keeping: kept)
        return checked + [Notice(.warning, "closed \(Self.list(Array(titles))): \(plan.reason ?? "not in this flow any more")")]
    }

    /// `Sign in was not reopened: …`, naming every screen of the saved stack left out.
    private func notReopened(_ titles: [String], _ reason: String) -> Notice {
        Notice(.warning, "\(Self.list(titles)) \(titles.count == 1 ? "was" : "were") not reopened: \(reason)")
    }

    /// Screens' titles as words: `Car details and My bookings`; past eight, how many more.
    private static func list(_ titles: [String]) -> String {
        if titles.count > 8 { return titles.prefix(8).joined(separator: ", ") + " and \(titles.count - 8) more" }
        guard let last = titles.last, titles.count > 1 else { return titles.first ?? "" }
        return titles.dropLast().joined(separator: ", ") + " and " + last
    }
}
