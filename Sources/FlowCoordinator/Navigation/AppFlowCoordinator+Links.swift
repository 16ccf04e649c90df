import FlowShellKit

extension AppFlowCoordinator {
    /// Opens a deep link: builds the stack its pattern names, as the smallest change from the
    /// current stack (screens already open with the same input stay), through guards. Parameters
    /// with a resolver are looked up first; a failed lookup changes nothing.
    public func open(_ link: String) async -> [Notice] {
        guard let (pattern, parameters) = manifest.link(matching: link) else {
            let known = manifest.links.map(\.pattern)
            return [Notice(.error, "no link matches '\(link)'" + (known.isEmpty ? "; this flow has no links" : "; links: \(known.joined(separator: ", "))"))]
        }
        var values = parameters
        for parameter in pattern.parameters {
            guard let resolver = resolvers[parameter], let value = parameters[parameter] else { continue }
            do {
                values[resolver.produces] = try await resolver.resolve(value, services)
            } catch is CancellationError {
                return [Notice(.warning, "cancelled")]
            } catch {
                let reason = UserFacingError.message(for: error)
                return [Notice(.error, "cannot open \(link): \(reason)")]
            }
        }
        if let unmet = pattern.requires.first(where: { !isSatisfied($0) }) {
            return await runGuard(unmet) { [weak self] in await self?.open(link) ?? [] }
        }
        let wanted = pattern.screens.map { id in
            (id, FeatureInput(values.filter { features[id]?.inputs.contains($0.key) == true }))
        }
        // Keep what is already open as wanted; the rest is rebuilt.
        let chain = coordinators
        var kept = 0
        while kept < min(chain.count, wanted.count), chain[kept].featureID == wanted[kept].0,
              chain[kept].input == wanted[kept].1, chain[kept].flow == nil,
              kept == 0 || chain[kept].presentation != .root {
            kept += 1
        }
        guard kept > 0 else {
            return [Notice(.error, "cannot open \(link): it starts at '\(wanted.first?.0 ?? "")', not at this flow's root")]
        }
        if kept < chain.count { close(chain[kept]) }
        return await continueLink(link, wanted: wanted, from: kept)
    }

    /// Builds the link's screens from `index` on, stopping at a guard that must run first.
    private func continueLink(_ link: String, wanted: [(String, FeatureInput)], from index: Int) async -> [Notice] {
        for position in index..<wanted.count {
            let (id, input) = wanted[position]
            let previous = wanted[position - 1].0
            let edge = manifest.transitions.first { $0.from == previous && $0.to == id }
                ?? manifest.transitions.first { $0.from == Transition.anyScreen && $0.to == id }
            if let unmet = edge?.requires.first(where: { !isSatisfied($0) }) {
                return await runGuard(unmet) { [weak self] in
                    await self?.continueLink(link, wanted: wanted, from: position) ?? []
                }
            }
            guard let top else { return [] }
            do {
                try await show(id, input: input, style: edge?.style == .present ? .present : .push, above: top, flow: nil, startsFlow: false)
            } catch is CancellationError {
                return [Notice(.warning, "cancelled")]
            } catch {
                let reason = UserFacingError.message(for: error)
                return [Notice(.error, "cannot open \(link): \(id): \(reason)")]
            }
        }
        return []
    }
}
