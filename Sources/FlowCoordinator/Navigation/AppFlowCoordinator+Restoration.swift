import FlowShellKit

extension AppFlowCoordinator {
    /// Where the user is now.
    public var snapshot: NavigationSnapshot {
        NavigationSnapshot(app: manifest.app, screens: coordinators.map { coordinator in
            let presentation: String
            switch coordinator.presentation {
            case .root: presentation = "root"
            case .pushed: presentation = "pushed"
            case .presented: presentation = "presented"
            }
            return NavigationSnapshot.Entry(feature: coordinator.featureID, input: coordinator.input.values,
                                            presentation: presentation, flow: coordinator.flow, flowRoot: coordinator.isFlowRoot)
        })
    }

    /// Rebuilds the screens of a saved snapshot above the root, keeping the deepest part that
    /// is still valid for this flow; returns what it dropped and why.
    public func restore(_ snapshot: NavigationSnapshot) async -> [Notice] {
        guard snapshot.app == manifest.app else {
            return [Notice(.warning, "the saved state belongs to app '\(snapshot.app)', not '\(manifest.app)'; starting at the root")]
        }
        guard let first = snapshot.screens.first, first.feature == root?.featureID, first.input == root?.input.values else {
            return snapshot.screens.isEmpty ? [] : [Notice(.info, "the flow's root changed; starting at the root")]
        }
        for (index, entry) in snapshot.screens.enumerated().dropFirst() {
            if let reason = invalidity(of: entry) {
                return [dropped(snapshot.screens[index...].map(\.feature), reason)]
            }
            guard let top else { return [] }
            do {
                try await show(entry.feature, input: FeatureInput(entry.input), style: entry.presentation == "presented" ? .present : .push,
                               above: top, flow: entry.flow, startsFlow: entry.flowRoot)
            } catch {
                let reason = UserFacingError.message(for: error)
                return [dropped(snapshot.screens[index...].map(\.feature), reason)]
            }
        }
        return []
    }

    /// Runs a new manifest in place of the current one: the stack keeps its deepest part that
    /// is still valid (screens are not rebuilt), and what was dropped is said.
    public func reload(_ newManifest: Manifest, catalog newCatalog: FeatureCatalog) async -> [Notice] {
        let previousRoot = root
        adopt(newManifest, catalog: newCatalog)
        guard let previousRoot, previousRoot.featureID == newManifest.root, features[previousRoot.featureID] != nil else {
            do {
                let titles = coordinators.map(\.featureID)
                try await start()
                return [Notice(.info, "the root is now '\(newManifest.root)'" + (titles.isEmpty ? "" : "; closed \(titles.joined(separator: ", "))"))]
            } catch {
                let reason = UserFacingError.message(for: error)
                return [Notice(.error, "cannot open the new root '\(newManifest.root)': \(reason)")]
            }
        }
        let chain = coordinators
        for (index, coordinator) in chain.enumerated().dropFirst() {
            let entry = NavigationSnapshot.Entry(feature: coordinator.featureID, input: coordinator.input.values,
                                                 presentation: "", flow: coordinator.flow, flowRoot: coordinator.isFlowRoot)
            if let reason = invalidity(of: entry) {
                close(coordinator)
                return [dropped(chain[index...].map(\.featureID), reason)]
            }
        }
        return []
    }

    /// Why a saved or open screen cannot stay under the current manifest, or nil.
    private func invalidity(of entry: NavigationSnapshot.Entry) -> String? {
        guard let registration = features[entry.feature] else {
            return "'\(entry.feature)' is not in this flow any more"
        }
        if let missing = registration.inputs.first(where: { entry.input[$0] == nil }) {
            return "'\(entry.feature)' now needs input '\(missing)'"
        }
        if let flow = entry.flow, manifest.flows[flow] == nil {
            return "flow '\(flow)' is not in this flow any more"
        }
        return nil
    }

    private func dropped(_ features: some Collection<String>, _ reason: String) -> Notice {
        Notice(.warning, "dropped \(features.joined(separator: ", ")): \(reason)")
    }
}
