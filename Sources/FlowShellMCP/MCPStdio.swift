import FlowShellKit
import FlowShellServing
import Foundation

/// `NAME mcp`: an MCP server on this process's standard input and output, for an agent on this
/// machine that starts it (as a person starts the terminal). Its sessions are composed with the
/// server's guards all the same: the agent gets no file or program of this machine.
package enum MCPStdio {
    /// Serves `flow` until standard input ends, each session recorded by what `recorders` makes
    /// (if given); `screenText` is a screen as the terminal shows it in plain text.
    @MainActor
    package static func serve(
        flow: ServedFlow, recorders: AgentRecorders? = nil, screenText: @escaping (ViewProperties) -> String
    ) async {
        let output = FileHandle.standardOutput
        let server = MCPServer(flow: flow, recorders: recorders, screenText: screenText) { data in
            output.write(data + Data("\n".utf8))
        }
        for await line in StdioLines.read() {
            server.receive(line)
        }
        await server.finish()
    }
}
