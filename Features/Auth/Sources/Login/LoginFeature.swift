import FlowShellKit

/// Signs a user in: saves the session, then emits `loggedIn` with the user's name.
final class LoginFeature: Feature, LoginActions {
    nonisolated static let id = "auth.login"

    private let updater: LoginUpdater
    private let store: any KeyValueStore
    private let emit: @MainActor (String, [String: String]) -> Void

    init(updater: LoginUpdater, context: FeatureContext) {
        self.updater = updater
        self.store = context.store
        self.emit = context.emitter
    }

    func login(as name: String) throws {
        guard name.count <= 32, name.unicodeScalars.allSatisfy({
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0)
        }) else {
            throw UserFacingError("'\(name)' is not a user name: use up to 32 letters, digits, '.', '-' or '_'")
        }
        try store.setValue(name, for: AuthModule.userKey)
        emit("loggedIn", ["user": name])
    }

    func cancel() {
        emit("cancelled", [:])
    }
}
