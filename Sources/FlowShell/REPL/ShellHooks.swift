import FlowCoordinator
import FlowManifest

/// What the REPL asks of the composition root: whether the config file changed, and saving
/// where the user is after each command.
struct ShellHooks {
    /// Whether the config file changed since the last call.
    var configChanged: @Sendable () -> Bool = { false }
    /// Runs after every command (saves the navigation state).
    var afterCommand: @MainActor () -> Void = {}
}
