import Accounts
import FlowShellKit

/// The Auth feature module: signing in and out, and the `session` condition that guards use.
/// The session is kept in the module's settings, so it survives restarts.
public enum AuthModule {
    /// The module: `auth.login` and `auth.account`, and the `session` condition.
    @MainActor public static let module = FeatureModule(
        name: name,
        screens: [LoginScreen.self, AccountScreen.self],
        conditions: [session],
        services: { container, environment in
            // Other features learn who is signed in from the same settings the screens keep.
            if !container.contains((any CurrentUser).self) {
                container.register(AuthSession(store: environment.store(name)), as: (any CurrentUser).self)
            }
        }
    )

    /// The module's name as manifests list it.
    static let name = "Auth"

    /// The settings key of the signed-in user's name.
    static let userKey = "user"

    /// `session`: someone is signed in.
    static let session = ConditionRegistration("session", summary: "sign-in") { store in
        store.value(for: userKey) != nil
    }
}
