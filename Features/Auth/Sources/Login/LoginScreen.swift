import FlowShellKit

/// Who signed in: the payload of `loggedIn`.
public struct SignedInUser: ScreenValue {
    /// The user's name.
    public var user: String
}

/// Signing in: saves the session in the module's settings, then emits `loggedIn` with the name.
struct LoginScreen: Screen {
    static let id = "auth.login"
    static let title = "Sign in"

    struct Events: ScreenEvents {
        let loggedIn = Event<SignedInUser>("the user signed in")
        let cancelled = Event<Nothing>("the user chose not to sign in")
    }

    let store: any KeyValueStore

    init(input: Nothing, context: ScreenContext) {
        store = context.store
    }

    func load() -> Nothing { Nothing() }

    static let commands: [ScreenCommand<Self>] = [
        .command("login", "Sign in as NAME (letters, digits, '.', '-' or '_')", .argument("NAME")) { screen, _, name, emit in
            guard name.count <= 32,
                name.unicodeScalars.allSatisfy({
                    ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0)
                })
            else {
                throw UserFacingError("'\(name)' is not a user name: use up to 32 letters, digits, '.', '-' or '_'")
            }
            try screen.store.setValue(name, for: AuthModule.userKey)
            emit(\.loggedIn, SignedInUser(user: name))
        }.primary(),
        .command("cancel", "Do not sign in now") { _, _, emit in emit(\.cancelled) },
    ]

    static func render(_ state: Nothing) -> ViewProperties {
        ViewProperties(title: title, status: "not signed in") {
            Component.text("Signing in keeps your session on this computer until you log out.")
        }
    }
}
