import ArgumentParser
import FlowShellKit

/// A subcommand that works with the feature modules linked into the binary.
protocol FeatureCommand: ParsableCommand {
    /// Runs with the linked features; returns the process's exit status.
    @MainActor
    func execute(features: [FeatureModule], environment: [String: String]) async -> Int32
}

/// The `--config PATH` option every flow command takes.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The flow config (default: ./config.json, else the built-in flow).", valueName: "PATH"))
    var config: String?

    var source: ConfigSource { ConfigSource.resolve(explicitPath: config) }
}
