import FlowCoordinator

/// What the REPL asks of the composition root: reloading the flow, whether the config file
/// changed, and saving where the user is after each command.
struct ShellHooks {
    /// Reads the config again and applies it, or says why not.
    var reloadFlow: @MainActor () async -> [Notice] = { [Notice(.error, "this shell was started without a config to reload")] }
    /// Whether the config file changed since the last call.
    var configChanged: @Sendable () -> Bool = { false }
    /// Runs after every command (saves the navigation state).
    var afterCommand: @MainActor () -> Void = {}
}
