import FlowShellKit

/// Builds the sign-in screen.
struct LoginBuilder: Builder {
    func build(context: FeatureContext) async throws -> any Presentable {
        let updater = LoginUpdater(state: ())
        let feature = LoginFeature(updater: updater, context: context)
        updater.actions = feature
        return updater.makeScreen(featureID: LoginFeature.id, owning: feature)
    }

    nonisolated static func registration() -> FeatureRegistration {
        FeatureRegistration(
            id: LoginFeature.id,
            title: "Sign in",
            events: [
                EventDeclaration("loggedIn", payload: ["user"], summary: "the user signed in"),
                EventDeclaration("cancelled", summary: "the user chose not to sign in"),
            ],
            commands: ["login", "cancel"],
            make: { context in try await LoginBuilder().build(context: context) }
        )
    }
}
