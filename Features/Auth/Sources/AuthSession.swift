import Accounts
import FlowShellKit

/// Who is signed in, read from the Auth module's settings: the ``CurrentUser`` other features use.
@MainActor
final class AuthSession: CurrentUser {
    private let store: any KeyValueStore

    init(store: any KeyValueStore) {
        self.store = store
    }

    var name: String? {
        store.value(for: AuthModule.userKey)
    }
}
