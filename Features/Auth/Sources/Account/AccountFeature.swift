import FlowShellKit

/// Shows who is signed in; logging out forgets the session and emits `loggedOut`.
final class AccountFeature: Feature, AccountActions {
    nonisolated static let id = "auth.account"

    private let updater: AccountUpdater
    private let store: any KeyValueStore
    private let emit: @MainActor (String, [String: String]) -> Void

    init(updater: AccountUpdater, context: FeatureContext) {
        self.updater = updater
        self.store = context.store
        self.emit = context.emitter
    }

    func logout() throws {
        try store.setValue(nil, for: AuthModule.userKey)
        updater.update(nil)
        emit("loggedOut", [:])
    }
}
