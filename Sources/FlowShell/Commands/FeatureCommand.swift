import ArgumentParser
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal

/// A subcommand that works with the shell's identity and the feature modules linked into it.
protocol FeatureCommand: ParsableCommand {
    /// Runs with the linked features; returns the process's exit status.
    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32
}

/// The `--config PATH` option every flow command takes.
struct ConfigOption: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The flow config (default: ./config.json, else the built-in flow).", valueName: "PATH"),
        completion: .file(extensions: ["json"]))
    var config: String?

    /// Where the flow is read from: `--config`, `./config.json` or the shell's built-in flow.
    func source(_ identity: ShellIdentity) -> ConfigSource {
        ConfigSource.resolve(explicitPath: config, builtIn: identity.defaultFlow)
    }
}
