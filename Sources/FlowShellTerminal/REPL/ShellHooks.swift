import FlowCoordinator
import FlowManifest
import FlowShellRuntime

/// What the REPL asks of the composition root: whether the config file changed, and saving
/// where the user is when the shell goes idle (waits for a person) and when it ends — not after
/// every command, so that a script's navigation costs no file writes.
package struct ShellHooks {
    /// Whether the config file changed since the last call.
    package var configChanged: @Sendable () -> Bool = { false }
    /// Runs when the shell waits for a person, and when it ends (saves the navigation state).
    package var idle: @MainActor () -> Void = {}
    /// Runs before the shell waits for the next line: output collected so far goes out.
    package var waiting: @MainActor () -> Void = {}

    /// Hooks; each left out does nothing.
    package init(
        configChanged: @escaping @Sendable () -> Bool = { false }, idle: @escaping @MainActor () -> Void = {},
        waiting: @escaping @MainActor () -> Void = {}
    ) {
        self.configChanged = configChanged
        self.idle = idle
        self.waiting = waiting
    }
}
