import FlowCoordinator
import FlowManifest
import FlowShellRuntime

/// What the REPL asks of the composition root: saving where the user is when the shell goes
/// idle (waits for a person) and when it ends — not after every command, so that a script's
/// navigation costs no file writes — and writing out what output waits.
package struct ShellHooks {
    /// Runs when the shell waits for a person, and when it ends (saves the navigation state).
    package var idle: @MainActor () -> Void = {}
    /// Runs before the shell waits for the next line: output collected so far goes out.
    package var waiting: @MainActor () -> Void = {}

    /// Hooks; each left out does nothing.
    package init(idle: @escaping @MainActor () -> Void = {}, waiting: @escaping @MainActor () -> Void = {}) {
        self.idle = idle
        self.waiting = waiting
    }
}
