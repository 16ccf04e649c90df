import FlowShellKit

/// Builds the operators screen from the aggregated fleet.
struct OperatorListBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let fleet = try context.services.resolve(CarAggregator.self)
        let updater = OperatorListUpdater(state: OperatorSummary.summaries(of: try await fleet.allCars()))
        let feature = OperatorListFeature(updater: updater, context: context)
        updater.actions = feature
        return updater.makeScreen(featureID: OperatorListFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: OperatorListFeature.id,
            title: "Operators",
            events: [EventDeclaration("chosen", payload: ["operator"], summary: "an operator was chosen")],
            commands: ["choose"],
            make: { context in try await OperatorListBuilder().build(context: context) }
        )
    }
}
