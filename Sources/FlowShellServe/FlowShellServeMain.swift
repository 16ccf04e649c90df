import FlowShellKit
import FlowShellMCP
import FlowShellPostgres
import FlowShellRuntime
import FlowShellSSH
import FlowShellServing
import FlowShellSettings
import FlowShellTerminal
import FlowShellWeb
import Foundation
import Logging
import ServiceLifecycle

/// The entry point of a shell's server program (`flowshell serve`): the same flow as at the
/// terminal, to browsers (each tab a session of its own), over SSH (each login a session of its
/// own, on a terminal), or both at once in one process, sharing the app's services; and, with
/// `mcp` first among its arguments, to an agent over MCP on standard input and output. A shell
/// built on FlowShell gets one with an executable whose `main.swift` is
///
/// ```swift
/// import FlowShellServe
///
/// await FlowShellServeMain.serve(identity: myIdentity, modules: linkedFeatureModules)
/// ```
public enum FlowShellServeMain {
    /// Parses `arguments` (the options of `serve`), checks the flow, prints where it is served,
    /// and serves until SIGINT or SIGTERM; ends the process with its status.
    @MainActor
    public static func serve(
        identity: ShellIdentity, modules: [FeatureModule],
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) async -> Never {
        ServeCommandLine.name = identity.name
        if arguments.first == "mcp" {
            let command: MCPCommandLine
            do {
                command = try MCPCommandLine.parse(Array(arguments.dropFirst()))
            } catch {
                MCPCommandLine.exit(withError: error)
            }
            exit(await command.serve(identity: identity, modules: modules))
        }
        let options: ServeOptions
        do {
            options = try ServeCommandLine.parse(arguments).options
        } catch {
            ServeCommandLine.exit(withError: error)
        }
        exit(await serve(identity: identity, modules: modules, options: options))
    }

    @MainActor
    private static func serve(identity: ShellIdentity, modules: [FeatureModule], options: ServeOptions) async -> Int32 {
        if options.ssh {
            // Before anything starts a thread: each SSH session's line editor has one, and what
            // sessions free must be reused rather than scattered among arenas.
            SSHServing.useOneMallocArena()
        }
        let environment = ProcessInfo.processInfo.environment
        let paths = StatePaths(folder: identity.folder, environment: environment)
        // The sessions of both servers share the app's services, as two terminals share its data,
        // and are composed alike (ServedFlowOptions.servedFlow).
        let shared: (any SharedStore)?
        do {
            shared = try await PostgresStore.open(named: options.database ?? environment["FLOWSHELL_DATABASE"]) { writeError($0) }
        } catch {
            writeError(error.description)
            return 1
        }
        var audit: AuditLog?
        if let path = options.auditLog {
            do {
                audit = try AuditLog(path: path) { writeError($0) }
            } catch {
                writeError("error: \(error.message)")
                return 1
            }
        }
        let flow = options.flow.servedFlow(
            identity: identity, modules: modules, paths: paths, environment: environment, shared: shared, audit: audit)
        // A watch the system refuses (the screens follow the data folder) is said once, here.
        FolderWatcher.shared.reportRefusals { writeError("warning: \($0)") }
        // Both servers hold files for their connections and sessions: when both serve, each is
        // bounded by half of what the process may open.
        let descriptorLimit = DescriptorLimit.raised() / (options.servesWeb && options.ssh ? 2 : 1)
        var servers: [any Service] = []
        if options.servesWeb {
            let port = options.port ?? ServeOptions.defaultPort
            // Agents read each screen as the terminal shows it to a script, too.
            let agentScreenText: ((ViewProperties) -> String)? = options.mcp ? { PlainScreenText.of($0) } : nil
            var agentRecorders: AgentRecorders?
            if let folder = options.recordAgents {
                if let problem = AgentRecordingFolder.problem(with: folder) {
                    writeError("error: \(problem)")
                    return 1
                }
                let recording = AgentRecordingFolder(folder: folder, dataDirectory: flow.dataDirectory, warn: { writeError($0) })
                agentRecorders = { recording.recorder($0) }
            }
            do {
                let prepared = try await WebServing.prepare(
                    .init(
                        flow: flow, stateDirectory: { paths.directory(app: $0) }, host: options.host,
                        port: port, descriptorLimit: descriptorLimit, newToken: options.newToken,
                        agentScreenText: agentScreenText, agentRecorders: agentRecorders))
                prepared.warnings.forEach(writeError)
                let address = ServingAddress(over: "", host: options.host, port: port, portOption: "--port")
                servers.append(address.serving(prepared.service))
            } catch {
                error.messages.forEach(writeError)
                return error.status
            }
        }
        if options.ssh {
            let port = options.sshPort ?? ServeOptions.defaultSSHPort
            let host = options.host
            let source = flow.source.description
            let request = SSHServing.Request(
                flow: flow, paths: paths, host: host, port: port, authorizedKeys: options.authorizedKeys,
                idleTimeout: options.sshIdleTimeout ?? ServeOptions.defaultIdleTimeout,
                loginTimeout: options.sshLoginTimeout ?? ServeOptions.defaultLoginTimeout,
                descriptorLimit: descriptorLimit, keepsPlaces: !options.sshStartAtRoot, report: { writeError($0) })
            do {
                let prepared = try await SSHServing.prepare(request) { port in
                    let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
                    let line =
                        "\(identity.title) serves \(source) over SSH at \(shown) port \(port): ssh -p \(port) \(shown)\n"
                        + "Each login is a session of its own. Ctrl-C stops the server.\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
                for line in prepared.lines {
                    (line.hasPrefix("warning:") ? writeError : writeOutput)(line)
                }
                let address = ServingAddress(over: " over SSH", host: host, port: port, portOption: "--ssh-port")
                servers.append(address.serving(prepared.service))
            } catch {
                error.messages.forEach(writeError)
                return error.status
            }
        }
        var logger = Logger(label: "\(identity.name)-serve")
        logger.logLevel = .error
        // Told to stop, each server ends its sessions (the browser's closes each tab's WebSocket and
        // waits for its connections; SSH's tells each session, up to its own grace); a client that
        // never answers would hold the stop for ever, so past the grace the group cancels them.
        var group = ServiceGroupConfiguration(services: servers, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = WebServing.shutdownGrace
        do {
            try await ServiceGroup(configuration: group).run()
            // What the sessions' last lines added to the audit log is written before the process ends.
            await audit?.flush()
            return 0
        } catch {
            // A server's failure says where it could not serve (ServingAddress).
            writeError("error: \(error)")
            return 1
        }
    }

    private static func writeOutput(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
