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

    @Option(
        name: .long, help: ArgumentHelp("The flow config to serve (default: ./config.json, else the built-in flow).", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Keep the app's data (its databases) in this folder.", valueName: "path"))
    var dataDir: String?

    @Flag(
        name: .long,
        help:
            "Start the config's plugins in this run even though it is not trusted (see the trust command); so does FLOWSHELL_ALLOW_PLUGINS=1."
    )
    var allowPlugins = false

    /// Serves the flow until standard input ends; returns the exit status.
    @MainActor
    func serve(identity: ShellIdentity, modules: [FeatureModule]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let paths = StatePaths(folder: identity.folder, environment: environment)
        let trust = PluginTrust(paths: paths, shellName: identity.name, environment: environment, allowsThisRun: allowPlugins)
        let source = ConfigSource.resolve(explicitPath: config, builtIn: identity.defaultFlow)
        let dataDir = self.dataDir
        // Composed as the browser's and SSH's sessions are: the terminal's files and programs
        // withheld, this machine's paths taken out of what the agent reads.
        let flow = ServedFlow(
            identity: identity, modules: modules, source: source, services: ServiceContainer(),
            dataDirectory: { app in dataDir ?? paths.dataDirectory(app: app) },
            plugins: { PluginLoader(purpose: .running, trust: trust, paths: paths) },
            guards: ServerGuards(withholding: .terminal),
            folderRecords: { app in (dataDir ?? paths.dataDirectory(app: app)).map { FolderRecords.inFolder($0) } })
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
