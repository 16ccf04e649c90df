import Accounts
import FlowShellKit

/// Who is signed in in a session: the user who connected, when the front end knows one (an SSH
/// key's), else the one the Auth module's settings keep. The ``CurrentUser`` other features use.
@MainActor
final class AuthSession: CurrentUser {
    private let store: any KeyValueStore
    private let connected: ConnectedUser?

    init(store: any KeyValueStore, connected: ConnectedUser?) {
        self.store = store
        self.connected = connected
    }

    var name: String? {
        connected?.name ?? store.value(for: AuthModule.userKey)
    }
}
