import FlowCoordinator
import FlowShellKit
import FlowShellMCP
import FlowShellRuntime
import FlowShellServing
import Foundation
import ServiceLifecycle

/// Serving a flow to browsers, as the server program (`serve`) composes it: the sessions on the
/// app's shared services, the token, and the server. ``prepare(_:)`` checks the flow before
/// anything listens.
package enum WebServing {
    /// What the server program was asked for.
    package struct Request {
        /// What is served (as SSH serves it, when both serve).
        package var flow: ServedFlow
        /// The app's state folder, where the tabs' sessions and the token are kept.
        package var stateDirectory: (String) -> String?
        package var host: String
        package var port: Int
        /// The files this server may open (the process's raised limit, or its share of it), which
        /// bounds its connections and tabs.
        package var descriptorLimit: Int
        /// Whether to make a new token rather than keep the last one (`--new-token`).
        package var newToken: Bool
        /// Serve MCP to agents at `/mcp` too (`--mcp`), showing screens as text with this.
        package var agentScreenText: ((ViewProperties) -> String)?
        /// What records each agent session (`--record-agents`), if they are recorded.
        package var agentRecorders: AgentRecorders?

        package init(
            flow: ServedFlow, stateDirectory: @escaping (String) -> String?, host: String, port: Int, descriptorLimit: Int,
            newToken: Bool, agentScreenText: ((ViewProperties) -> String)? = nil, agentRecorders: AgentRecorders? = nil
        ) {
            self.agentScreenText = agentScreenText
            self.agentRecorders = agentRecorders
            self.flow = flow
            self.stateDirectory = stateDirectory
            self.host = host
            self.port = port
            self.descriptorLimit = descriptorLimit
            self.newToken = newToken
        }
    }

    /// A server ready to run, and the warnings to print before it does (the config's, and a file
    /// limit that bounds the tabs below their cap).
    package struct Prepared {
        package let service: any Service
        package let warnings: [String]
    }

    /// How long the server, told to stop, waits for its tabs to answer the close before the group
    /// that runs it cancels it, which cuts their connections: a client that never answers cannot
    /// hold a restart.
    package static var shutdownGrace: Duration { ServingBounds.shutdownGrace }

    /// Why the server cannot start, with the process's exit status.
    package struct Failure: Error {
        package let messages: [String]
        package let status: Int32
    }

    /// The sessions, checked by starting the flow once, and the server; once it listens, the
    /// address to open, with its token, is printed.
    @MainActor
    package static func prepare(_ request: Request) async throws(Failure) -> Prepared {
        guard let bounds = ServingBounds(descriptorLimit: request.descriptorLimit) else {
            throw Failure(messages: ["error: this process may open too few files to serve (ulimit -n); raise the limit"], status: 1)
        }
        let sessions = WebSessions(flow: request.flow, maximumOpen: bounds.tabs, stateDirectory: request.stateDirectory)
        var warnings = bounds.warning.map { [$0] } ?? []
        do {
            warnings += try await sessions.check()
        } catch {
            throw Failure(messages: error.messages, status: error.status)
        }
        // Kept from one start to the next, so that a restart lets every tab back in; in the
        // shared store, so that every server of the flow lets in the same tabs.
        let token: String
        if let shared = request.flow.shared, let app = sessions.app {
            do {
                token = try await shared.secret(app: app, named: "token", renew: request.newToken, make: ServerToken.make)
            } catch {
                throw Failure(messages: [error.description], status: 1)
            }
        } else {
            let kept = ServerToken.load(folder: sessions.app.flatMap(request.stateDirectory), renew: request.newToken)
            if let warning = kept.warning { warnings.append(warning) }
            token = kept.token
        }
        let host = request.host
        let title = request.flow.identity.title
        let source = request.flow.source
        let access = AccessGuard(token: token, boundTo: host)
        var agents: AgentEndpoint?
        if let screenText = request.agentScreenText {
            // An agent's handle outlives a restart as a tab does: its session's state is kept
            // beside the tabs' (in the shared store, for every server of the flow).
            let folderStates = { FolderSessionStates(folder: sessions.app.flatMap(request.stateDirectory).map { $0 + "/agent-sessions" }) }
            let states: any SessionStateStore =
                sessions.app.flatMap { request.flow.shared?.sessionStates(app: $0, kind: "agent") } ?? folderStates()
            await states.prune()
            let server = MCPServer(
                flow: request.flow, maximumSessions: bounds.tabs, store: states, recorders: request.agentRecorders,
                screenText: screenText, send: nil)
            agents = AgentEndpoint(server: server, access: access)
        }
        let servesAgents = agents != nil
        let server = WebServer(
            host: host, port: request.port, access: access, sessions: sessions, bounds: bounds,
            redaction: request.flow.guards.redaction, agents: agents
        ) { port in
            let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            var line =
                "\(title) serves \(source.description) at http://\(shown):\(port)/?token=\(token)\n"
                + "Open that address in a browser; each tab is a session of its own. Ctrl-C stops the server.\n"
            if servesAgents { line += "Agents connect over MCP at http://\(shown):\(port)/mcp?token=\(token)\n" }
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        return Prepared(service: server.service(), warnings: warnings)
    }
}
