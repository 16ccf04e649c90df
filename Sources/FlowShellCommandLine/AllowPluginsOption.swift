import ArgumentParser
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal

/// `--allow-plugins`: the one-run opt-in to start a config's plugins without trusting it
/// (for CI and tests), which every command that may start plugins takes.
struct AllowPluginsOption: ParsableArguments {
    @Flag(
        name: .long,
        help:
            "Start the config's plugins in this run even though it is not trusted (see the trust command); so does FLOWSHELL_ALLOW_PLUGINS=1."
    )
    var allowPlugins = false

    /// Whether plugins may run in this run of the shell `identity`: as its state folder's trusted
    /// configs say, or as this option or `FLOWSHELL_ALLOW_PLUGINS=1` in `environment` allow.
    @MainActor
    func trust(identity: ShellIdentity, environment: [String: String]) -> PluginTrust {
        PluginTrust(
            paths: StatePaths(folder: identity.folder, environment: environment), shellName: identity.name,
            environment: environment, allowsThisRun: allowPlugins)
    }

    /// The whole-flow check of the config `options` name, with the `features` linked and the
    /// config's plugins asked for their declarations when they may run: what `check` reports
    /// and `graph` draws.
    @MainActor
    func check(
        _ options: ConfigOption, identity: ShellIdentity, features: [FeatureModule], environment: [String: String]
    ) -> FlowCheck {
        FlowCheck(
            source: options.source(identity), features: features,
            plugins: PluginLoader(
                purpose: .checking, trust: trust(identity: identity, environment: environment),
                paths: StatePaths(folder: identity.folder, environment: environment)), reserving: .terminal)
    }
}
