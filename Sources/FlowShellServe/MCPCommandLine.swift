import ArgumentParser
import FlowShellKit
import FlowShellMCP
import FlowShellRuntime
import FlowShellServing
import FlowShellSettings
import FlowShellTerminal
import Foundation

/// The command line of `NAME mcp` (which runs `NAME-serve mcp`): the flow to an agent over MCP
/// on standard input and output.
struct MCPCommandLine: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "\(ServeCommandLine.name) mcp",
            abstract:
                "Serve the flow to an agent over MCP on standard input and output: each session it opens is one of its own, under the same guards as a browser tab."
        )
    }

    @OptionGroup var flow: ServedFlowOptions

    /// Serves the flow until standard input ends; returns the exit status.
    @MainActor
    func serve(identity: ShellIdentity, modules: [FeatureModule]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        // Composed as the browser's and SSH's sessions are.
        let flow = self.flow.servedFlow(
            identity: identity, modules: modules, paths: StatePaths(folder: identity.folder, environment: environment),
            environment: environment)
        // A flow that cannot start is said once, on stderr, before the agent's first call.
        do {
            let runtime = try await flow.startRuntime(openSettings: nil)
            runtime.warnings.forEach { FileHandle.standardError.write(Data("\($0.description)\n".utf8)) }
            runtime.flow.closeAll()
            await runtime.stopPlugins()
        } catch {
            error.messages.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            return error.status
        }
        await MCPStdio.serve(flow: flow, screenText: PlainScreenText.of)
        return 0
    }
}
