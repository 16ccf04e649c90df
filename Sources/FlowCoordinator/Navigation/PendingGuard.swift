import FlowShellKit

/// A guard's flow that is running: when it finishes, the guarded action resumes if the
/// condition now holds; when it is cancelled, nothing changes.
@MainActor
struct PendingGuard {
    /// The first screen of the guard's flow.
    weak var flowRoot: ScreenCoordinator?
    /// The condition it should make hold.
    let condition: String
    /// What was waiting for it.
    let resume: @MainActor () async -> [Notice]

    func finished(result: String, coordinator: AppFlowCoordinator) async -> [Notice] {
        if result == SubFlow.cancelledResult {
            return [Notice(.warning, "cancelled — '\(condition)' is needed for that; nothing changed")]
        }
        guard coordinator.isSatisfied(condition) else {
            return [Notice(.error, "'\(condition)' still does not hold; nothing changed")]
        }
        return await resume()
    }
}

extension AppFlowCoordinator {
    /// Whether a condition holds now; a condition no loaded module provides does not.
    public func isSatisfied(_ condition: String) -> Bool {
        guard let registration = conditions[condition],
              let module = catalog.conditions.first(where: { $0.value.contains { $0.name == condition } })?.key else { return false }
        return registration.isSatisfied(store(forModule: module))
    }

    /// Starts the guard's flow for `condition` on top of the stack; `resume` runs once it
    /// finishes with the condition holding.
    func runGuard(_ condition: String, resume: @escaping @MainActor () async -> [Notice]) async -> [Notice] {
        guard let definition = manifest.guards[condition], let flow = manifest.flows[definition.flow], let top else {
            return [Notice(.error, "'\(condition)' does not hold and no guard says what to do about it")]
        }
        do {
            try await show(flow.root, input: FeatureInput(), style: definition.style, above: top, flow: flow.name, startsFlow: true)
        } catch {
            let reason = UserFacingError.message(for: error)
            return [Notice(.error, "cannot start '\(flow.name)' for '\(condition)': \(reason)")]
        }
        pendingGuards.append(PendingGuard(flowRoot: self.top, condition: condition, resume: resume))
        return [Notice(.info, "'\(condition)' is needed first")]
    }
}
