import FlowShellKit

/// Who is signed in; `logout` forgets the session and emits `loggedOut`. A user who connected as
/// themselves (an SSH key's) is shown how they were let in, and has no `logout`: they leave
/// with `quit`.
struct AccountScreen: Screen {
    static let id = "auth.account"
    static let title = "Account"

    struct Events: ScreenEvents {
        let loggedOut = Event<Nothing>("the user signed out")
    }

    /// Who is signed in, and how.
    struct State: Equatable, Sendable {
        /// The signed-in user's name, if any.
        var user: String?
        /// How the front end knows the user, when it let them in.
        var connectedBy: String?
    }

    let store: any KeyValueStore
    let connected: ConnectedUser?

    init(input: Nothing, context: ScreenContext) {
        store = context.store
        connected = context.services.connectedUser
    }

    func load() -> State {
        if let connected { return State(user: connected.name, connectedBy: connected.authenticatedBy) }
        return State(user: store.value(for: AuthModule.userKey))
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("logout", "Sign out and go back to the start", when: { $0.user != nil && $0.connectedBy == nil }) { screen, state, emit in
            try screen.store.setValue(nil, for: AuthModule.userKey)
            state.user = nil
            emit(\.loggedOut)
        }
    ]

    static func render(_ state: State) -> ViewProperties {
        ViewProperties(title: title, status: state.user.map { "signed in as \($0)" } ?? "not signed in") {
            if let user = state.user {
                Component.keyValue([KeyValue("User", user)] + (state.connectedBy.map { [KeyValue("Signed in by", $0)] } ?? []))
            } else {
                Component.message(.info, "Nobody is signed in.")
            }
        }
    }
}
