import FlowShellKit

/// The Auth feature module: signing in and out, and the `session` condition that guards use.
/// The session is kept in the module's settings, so it survives restarts.
public enum AuthModule {
    /// The module: `auth.login` and `auth.account`, and the `session` condition.
    @MainActor public static let module = FeatureModule(
        name: "Auth",
        screens: [LoginScreen.self, AccountScreen.self],
        conditions: [session]
    )

    /// The settings key of the signed-in user's name.
    static let userKey = "user"

    /// `session`: someone is signed in.
    static let session = ConditionRegistration("session", summary: "sign-in") { store in
        store.value(for: userKey) != nil
    }
}
