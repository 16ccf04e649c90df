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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record each session the agent opens into this folder, one file per session, for flowshell replay to show what the agent did.",
            valueName: "folder"))
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Add each line the agent's sessions run to this file: one JSON record a line, with when, the session and whether it failed.",
            valueName: "file"))
    var auditLog: String?

    /// Serves the flow until standard input ends; returns the exit status.
    @MainActor
    func serve(identity: ShellIdentity, modules: [FeatureModule]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let writeError: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        var audit: AuditLog?
        if let path = auditLog {
            do {
                audit = try AuditLog(path: path) { writeError($0) }
            } catch {
                writeError("error: \(error.message)")
                return 1
            }
        }
        let paths = StatePaths(folder: identity.folder, environment: environment)
        // Composed as the browser's and SSH's sessions are.
        let flow = self.flow.servedFlow(identity: identity, modules: modules, paths: paths, environment: environment, audit: audit)
        var recorders: AgentRecorders?
        if let record {
            if let problem = AgentRecordingFolder.problem(with: record) {
                writeError("error: \(problem)")
                return 1
            }
            let folder = AgentRecordingFolder(folder: record, dataDirectory: flow.dataDirectory, warn: writeError)
            recorders = { folder.recorder($0) }
        }
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
        await MCPStdio.serve(flow: flow, recorders: recorders, screenText: PlainScreenText.of)
        // What the sessions' last lines added to the audit log is written before the process ends.
        await audit?.flush()
        return 0
    }
}
