import FlowShellKit

/// Builds the account screen from the saved session.
struct AccountBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let updater = AccountUpdater(state: context.store.value(for: AuthModule.userKey))
        let feature = AccountFeature(updater: updater, context: context)
        updater.actions = feature
        return updater.makeScreen(featureID: AccountFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: AccountFeature.id,
            title: "Account",
            events: [EventDeclaration("loggedOut", summary: "the user signed out")],
            commands: ["logout"],
            make: { context in try await AccountBuilder().build(context: context) }
        )
    }
}
