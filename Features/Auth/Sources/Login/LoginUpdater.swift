import FlowShellKit

/// Builds the sign-in screen.
final class LoginUpdater: Updater<Void> {
    weak var actions: LoginActions?

    override func makeViewProperties(for state: Void) -> ViewProperties {
        ViewProperties(
            title: "Sign in",
            commands: [
                Command("login", summary: "Sign in as NAME (letters, digits, '.', '-' or '_')",
                        arguments: [CommandArgument("NAME")]) { [weak self] arguments in
                    try arguments.expectAtMost(1)
                    try self?.actions?.login(as: arguments.required(0, "NAME"))
                },
                Command("cancel", summary: "Do not sign in now") { [weak self] arguments in
                    try arguments.expectAtMost(0)
                    self?.actions?.cancel()
                },
            ],
            status: "not signed in"
        ) {
            Component.text("Signing in keeps your session on this computer until you log out.")
        }
    }
}
