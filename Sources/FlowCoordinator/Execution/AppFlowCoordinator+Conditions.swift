import FlowManifest
import FlowShellKit

extension AppFlowCoordinator {
    /// Whether a condition holds now; one no loaded module provides, or one whose check failed
    /// (a plugin that did not answer in time), does not.
    public func isSatisfied(_ condition: String) async -> Bool {
        await check(condition).holds
    }

    /// Checks a condition (asking its module, or its plugin) and says what went wrong, if
    /// anything: a check that fails counts as not holding, and the user is told which
    /// condition could not be checked and why.
    func check(_ condition: String) async -> (holds: Bool, notices: [Notice]) {
        guard let registration = conditions[condition],
            let module = catalog.conditions.first(where: { $0.value.contains { $0.name == condition } })?.key
        else { return (false, []) }
        do {
            return (try await registration.isSatisfied(ScreenContext(store: store(forModule: module), services: services)), [])
        } catch is CancellationError {
            return (false, [])
        } catch {
            let title = planner.title(ofCondition: condition)
            return (
                false,
                [
                    Notice(
                        .error,
                        "could not tell whether \(title) holds, so it is taken as not holding: \(UserFacingError.message(for: error))")
                ]
            )
        }
    }

    /// Runs a planning step — a pure function of the conditions it is handed — once the
    /// conditions it asks about have been checked. The planner stays pure: it is run with the
    /// values known so far, and each condition it asks about and nobody checked yet is checked
    /// (asynchronously, in the order the planner met them), then it is run again; only the
    /// conditions on the path it takes are checked, each once.
    func planning<Plan>(_ plan: ((String) -> Bool) -> Plan) async -> (plan: Plan, notices: [Notice]) {
        var known: [String: Bool] = [:]
        var notices: [Notice] = []
        while true {
            var unknown: String?
            let result = plan { condition in
                if let holds = known[condition] { return holds }
                if unknown == nil { unknown = condition }
                return true
            }
            guard let condition = unknown else { return (result, notices) }
            let (holds, checked) = await check(condition)
            known[condition] = holds
            notices += checked
        }
    }
}
