import Accounts
import FlowShellKit

/// The Auth feature module: signing in and out, and the `session` condition that guards use.
/// The session is kept in the module's settings, so it survives restarts. Someone the front
/// end let in (an SSH key's user) is signed in as that user, with no `login`.
public enum AuthModule {
    /// The module: `auth.login` and `auth.account`, and the `session` condition.
    @MainActor public static let module = FeatureModule(
        name: name,
        screens: [LoginScreen.self, AccountScreen.self],
        conditions: [session],
        sessionServices: { session, environment in
            // Other features learn who is signed in from the same settings the screens keep,
            // or from who connected: each session its own.
            if !session.contains((any CurrentUser).self) {
                session.register(AuthSession(store: environment.store(name), connected: session.connectedUser), as: (any CurrentUser).self)
            }
        }
    )

    /// The module's name as manifests list it.
    static let name = "Auth"

    /// The settings key of the signed-in user's name.
    static let userKey = "user"

    /// `session`: someone is signed in, or connected as a user the front end knows.
    static let session = ConditionRegistration("session", summary: "sign-in") { context in
        context.services.connectedUser != nil || context.store.value(for: userKey) != nil
    }
}
