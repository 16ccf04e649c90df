import ArgumentParser
import FlowShellRuntime

/// `--allow-plugins`: the one-run opt-in to start a config's plugins without trusting it
/// (for CI and tests), which every command that may start plugins takes, `serve` and `mcp`
/// among them.
package struct AllowPluginsOption: ParsableArguments {
    @Flag(
        name: .long,
        help:
            "Start the config's plugins in this run even though it is not trusted (see the trust command); so does FLOWSHELL_ALLOW_PLUGINS=1."
    )
    package var allowPlugins = false

    package init() {}

    /// Whether plugins may run in this run of the shell `identity`: as its state folder's trusted
    /// configs say, or as this option or `FLOWSHELL_ALLOW_PLUGINS=1` in `environment` allow.
    @MainActor
    package func trust(identity: ShellIdentity, environment: [String: String]) -> PluginTrust {
        PluginTrust(
            paths: StatePaths(folder: identity.folder, environment: environment), shellName: identity.name,
            environment: environment, allowsThisRun: allowPlugins)
    }
}
