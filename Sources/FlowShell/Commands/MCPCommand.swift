import ArgumentParser
import FlowShellKit
import FlowShellRuntime

/// `NAME mcp [--config PATH] [--data-dir PATH] [--allow-plugins]`: the flow to an agent over
/// MCP on standard input and output. Like `serve`, it runs the server program, `NAME-serve mcp`.
struct MCPCommand: FeatureCommand {
    static var configuration: CommandConfiguration {
        let name = ShellIdentity.running.name
        return CommandConfiguration(
            commandName: "mcp",
            abstract:
                "Serve the flow to an agent over MCP on standard input and output, under the same guards as a browser tab (runs \(name)-serve mcp, whose --help says more).",
            discussion: "Options: --config PATH, --data-dir PATH, --allow-plugins. docs/agents.md says how to connect an agent.")
    }

    @ArgumentParser.Argument(parsing: .captureForPassthrough, help: "The options of the server.")
    var arguments: [String] = []

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        ServerProgram.exec(identity: identity, command: "mcp", arguments: ["mcp"] + arguments)
    }
}
