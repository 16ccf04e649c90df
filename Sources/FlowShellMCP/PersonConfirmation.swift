import FlowShellKit
import FlowShellRuntime

/// A line whose command the config says an agent runs only with its person's yes
/// (`personConfirms`): it runs when the person at the agent's host says yes, asked through the
/// client — an elicitation on the 2025-11-25 revision (over HTTP on the event stream the call's
/// POST is answered with, the call's result last), an `input_required` answer on the stateless
/// one, which the client retries with the person's answer. The agent cannot answer for its
/// person: without a client that asks, the line does not run.
extension MCPServer {
    /// How a line that needs a yes goes on.
    enum Confirmation {
        /// The person said yes: the line runs.
        case confirmed
        /// The call is answered with this (a question for the person, or why nothing ran).
        case answered(JSONValue)
    }

    /// The form the client shows its person: a yes or no, nothing to fill in.
    private static func question(_ message: String) -> JSONValue {
        ["mode": "form", "message": .string(message), "requestedSchema": ["type": "object", "properties": [:]]]
    }

    /// Asks the person about `line`, which `question` describes, as the revision of the call does.
    func confirm(
        _ line: String, question message: String, in session: AgentSession, params: JSONValue?, stateless: Bool, from caller: Caller
    ) async -> Confirmation {
        if stateless {
            if let state = params?["requestState"]?.string {
                guard session.takeConfirmation(state, for: line) else {
                    return .answered(refusal("this confirmation is not for this line (or was used): nothing ran", in: session))
                }
                return decided(params?["inputResponses"]?["confirm"], line: line, in: session)
            }
            let state = session.askConfirmation(for: line)
            return .answered([
                "resultType": "input_required",
                "inputRequests": ["confirm": ["method": "elicitation/create", "params": Self.question(message)]],
                "requestState": .string(state),
            ])
        }
        guard canAsk || caller.connection != nil else {
            // Over HTTP a 2025-11-25 client says at initialize whether it can ask its person, on
            // the connection that begins; a call without one (the server restarted) cannot tell.
            return .answered(
                refusal(
                    "\(line) needs your person's yes: over HTTP this server asks for it on the connection initialize began (its Mcp-Session-Id; initialize again), or on MCP \(ProtocolRevision.stateless) (input_required): nothing ran",
                    in: session))
        }
        let canElicit = caller.connection.map { connections[$0]?.canElicit ?? false } ?? clientCanElicit
        guard params?["_meta"]?[ProtocolRevision.capabilitiesKey]?["elicitation"] != nil || canElicit else {
            return .answered(
                refusal(
                    "\(line) needs your person's yes, and this client cannot ask its person (it offers no elicitation): nothing ran",
                    in: session))
        }
        let answer = await ask("elicitation/create", params: Self.question(message), of: caller)
        return decided(answer, line: line, in: session)
    }

    private func decided(_ answer: JSONValue?, line: String, in session: AgentSession) -> Confirmation {
        switch answer?["action"]?.string {
        case "accept": return .confirmed
        case "decline": return .answered(refusal("your person said no to \(line): nothing ran", in: session))
        default: return .answered(refusal("your person did not answer about \(line): nothing ran", in: session))
        }
    }

    private func refusal(_ text: String, in session: AgentSession) -> JSONValue {
        answer(session, said: [AgentView.Said(kind: "error", text: text)], failed: true)
    }
}
