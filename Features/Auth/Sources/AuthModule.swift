import FlowShellKit

/// The Auth feature module: signing in and out, and the `session` condition that guards use.
/// The session is kept in the module's settings, so it survives restarts.
public enum AuthModule: FeatureModule {
    /// The name manifests list in `modules`.
    public static let name = "Auth"

    /// The settings key of the signed-in user's name.
    static let userKey = "user"

    /// The screens: `auth.login` and `auth.account`.
    public static var features: [FeatureRegistration] {
        [LoginBuilder.registration(), AccountBuilder.registration()]
    }

    /// `session`: someone is signed in.
    public static var conditions: [ConditionRegistration] {
        [ConditionRegistration("session", summary: "someone is signed in") { store in
            store.value(for: userKey) != nil
        }]
    }
}
