import ArgumentParser
import FlowShellCommandLine
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal

extension AllowPluginsOption {
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
