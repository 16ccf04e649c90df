import FlowManifest
import FlowShellKit

extension AppFlowCoordinator {
    /// Where the user is now: the stack's encoding, as saved.
    public var snapshot: NavigationSnapshot {
        NavigationSnapshot(app: manifest.app, screens: router.entries)
    }

    /// Rebuilds the screens of a saved stack above the root: the deepest part that the current
    /// flow reaches through its transitions, with its guards' conditions holding now; each screen
    /// then looks up what it shows. Every screen left out is named in one notice.
    public func restore(_ snapshot: NavigationSnapshot) async -> [Notice] {
        guard snapshot.app == manifest.app else {
            return [Notice(.warning, "the saved state belongs to app '\(snapshot.app)', not '\(manifest.app)'; starting at the root")]
        }
        let plan = planner.restorable(snapshot.screens) { isSatisfied($0) }
        var built: [OpenScreen] = []
        for (index, entry) in plan.entries.enumerated() {
            do {
                built.append(try await build(entry))
            } catch {
                let titles = plan.entries[index...].map { planner.title(of: $0.screen) } + plan.dropped.map { planner.title(of: $0) }
                _ = await changeStack(keeping: 1, adding: built)
                return [dropped(titles, UserFacingError.message(for: error))]
            }
        }
        _ = await changeStack(keeping: 1, adding: built)
        guard let reason = plan.reason else { return [] }
        return [dropped(plan.dropped.map { planner.title(of: $0) }, reason)]
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
                return [Notice(.info, "the flow now starts at \(planner.title(of: newManifest.root))"
                               + (titles.isEmpty ? "" : "; closed \(titles.joined(separator: ", "))"))]
            } catch {
                return [Notice.cannotOpen("the new first screen \(planner.title(of: newManifest.root))", because: error)]
            }
        }
        let plan = planner.restorable(snapshot.screens) { isSatisfied($0) }
        let kept = 1 + plan.entries.count
        guard kept < open.count else { return [] }
        let titles = open[kept...].map { $0.screen.title }
        _ = await changeStack(keeping: kept)
        return [dropped(Array(titles), plan.reason ?? "not in this flow any more")]
    }

    private func dropped(_ titles: [String], _ reason: String) -> Notice {
        let shown = titles.count > 8 ? titles.prefix(8).joined(separator: ", ") + " and \(titles.count - 8) more" : titles.joined(separator: ", ")
        return Notice(.warning, "dropped \(shown): \(reason)")
    }
}
