import FlowCoordinator
import FlowManifest

/// What the REPL asks of the composition root: whether the config file changed, and saving
/// where the user is when the shell goes idle (waits for a person) and when it ends — not after
/// every command, so that a script's navigation costs no file writes.
struct ShellHooks {
    /// Whether the config file changed since the last call.
    var configChanged: @Sendable () -> Bool = { false }
    /// Runs when the shell waits for a person, and when it ends (saves the navigation state).
    var idle: @MainActor () -> Void = {}
    /// Runs before the shell waits for the next line: output collected so far goes out.
    var waiting: @MainActor () -> Void = {}
}
