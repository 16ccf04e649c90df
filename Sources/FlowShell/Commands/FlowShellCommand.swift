import ArgumentParser
import FlowShellRuntime
import FlowShellTerminal
import Synchronization

/// The root of the command line, named after the shell (``ShellIdentity/name``). With no
/// subcommand it runs the shell.
struct FlowShellCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let identity = ShellIdentity.running
        return CommandConfiguration(
            commandName: identity.name,
            abstract: identity.abstract,
            // No subcommand is needed: run is the default one.
            usage: "\(identity.name) [run] [<options>]\n\(identity.name) <subcommand> [<options>]",
            version: "\(identity.name) \(identity.version)",
            subcommands: subcommands,
            defaultSubcommand: RunCommand.self
        )
    }

    static let subcommands: [any ParsableCommand.Type] = [
        RunCommand.self, CheckCommand.self, TestCommand.self, GraphCommand.self, ReplayCommand.self, TrustCommand.self, UntrustCommand.self,
        ServeCommand.self, MCPCommand.self, NewCommand.self,
    ]
}

/// The command line as the completion scripts see it: the subcommands, and the options of
/// `run` typed with no command before them (`flowshell --fresh`), since `run` is the default.
/// ArgumentParser's scripts would otherwise offer nothing after the name but the subcommands.
struct CompletedCommandLine: ParsableCommand {
    static var configuration: CommandConfiguration {
        let root = FlowShellCommand.configuration
        return CommandConfiguration(commandName: root.commandName, version: root.version, subcommands: FlowShellCommand.subcommands)
    }

    @OptionGroup var run: RunCommand
}

extension ShellIdentity {
    /// The identity of the shell this process runs, which ``FlowShellMain`` sets before the
    /// command line is read: ArgumentParser asks a command for its name and version through a
    /// static property, which has no other way to know them.
    static var running: ShellIdentity {
        get { runningIdentity.withLock { $0 } }
        set { runningIdentity.withLock { $0 = newValue } }
    }
}

private let runningIdentity = Mutex(
    ShellIdentity(
        name: "flowshell", version: FlowShellVersion.current,
        abstract: "An interactive shell built on FlowShell.", defaultFlow: "{}"))
