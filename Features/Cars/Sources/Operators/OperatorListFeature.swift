import FlowShellKit

/// The logic of the operators screen: choosing one, reported as the `chosen` event with the
/// operator's name.
final class OperatorListFeature: Feature, OperatorListActions {
    nonisolated static let id = "cars.operators"

    private let updater: OperatorListUpdater
    private let emit: @MainActor (String, [String: String]) -> Void

    init(updater: OperatorListUpdater, context: FeatureContext) {
        self.updater = updater
        self.emit = context.emitter
    }

    func choose(_ name: String) throws {
        // Operator names are matched without regard to case: `choose greengo` is meant kindly.
        guard let summary = updater.state.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            let names = updater.state.map(\.name).joined(separator: ", ")
            throw UserFacingError("no operator '\(name)' — choose one of \(names)")
        }
        emit("chosen", ["operator": summary.name])
    }
}
