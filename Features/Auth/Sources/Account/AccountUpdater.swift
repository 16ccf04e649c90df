import FlowShellKit

/// Builds the account screen: who is signed in, and `logout`.
final class AccountUpdater: Updater<String?> {
    weak var actions: AccountActions?

    override func makeViewProperties(for user: String?) -> ViewProperties {
        ViewProperties(
            title: "Account",
            commands: user == nil ? [] : [
                Command("logout", summary: "Sign out and go back to the start") { [weak self] arguments in
                    try arguments.expectAtMost(0)
                    try self?.actions?.logout()
                },
            ],
            status: user.map { "signed in as \($0)" } ?? "not signed in"
        ) {
            if let user {
                Component.keyValue([KeyValue("User", user)])
            } else {
                Component.message(.info, "Nobody is signed in.")
            }
        }
    }
}
