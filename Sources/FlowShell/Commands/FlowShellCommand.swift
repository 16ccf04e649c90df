import ArgumentParser

/// `flowshell`: the root of the command line. With no subcommand it runs the shell.
struct FlowShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowshell",
        abstract: "An interactive shell whose screens are feature modules and whose navigation is the flow in config.json.",
        version: FlowShellVersion.current,
        subcommands: [RunCommand.self, CheckCommand.self, GraphCommand.self, ReplayCommand.self, TrustCommand.self, UntrustCommand.self, NewCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// The version printed by `flowshell --version`.
enum FlowShellVersion {
    static let current = "0.1.0"
}
