import FlowShellKit

/// Who is signed in; `logout` forgets the session and emits `loggedOut`.
struct AccountScreen: Screen {
    static let id = "auth.account"
    static let title = "Account"

    struct Events: ScreenEvents {
        let loggedOut = Event<Nothing>("the user signed out")
    }

    let store: any KeyValueStore

    init(input: Nothing, context: ScreenContext) {
        store = context.store
    }

    /// The signed-in user's name, if any.
    func load() -> String? {
        store.value(for: AuthModule.userKey)
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("logout", "Sign out and go back to the start", when: { $0 != nil }) { screen, user, emit in
            try screen.store.setValue(nil, for: AuthModule.userKey)
            user = nil
            emit(\.loggedOut)
        },
    ]

    static func render(_ user: String?) -> ViewProperties {
        ViewProperties(title: title, status: user.map { "signed in as \($0)" } ?? "not signed in") {
            if let user {
                Component.keyValue([KeyValue("User", user)])
            } else {
                Component.message(.info, "Nobody is signed in.")
            }
        }
    }
}
