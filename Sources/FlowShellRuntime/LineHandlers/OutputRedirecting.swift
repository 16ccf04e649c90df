import FlowShellKit

/// Sends a line's output where its `>`, `>>` or `|` asks, to a capability's destination: the
/// destination is checked first, so that a command whose output could go nowhere does not run;
/// what the command shows is collected as plain text and sent there once it has finished. A
/// session whose capabilities give destinations has this handler; a line whose command takes
/// the operators as its own text (`shell`) passes untouched.
struct OutputRedirecting: LineHandler {
    /// Where the session's capabilities send a line's output, by operator.
    let destinations: [RedirectionOperator: OutputDestination]

    /// A line with no `>` or `|` anywhere goes to the screen as usual.
    func passesAtOnce(_ line: String, in context: SessionContext) -> String? {
        OutputRedirection.mayRedirect(line) ? nil : line
    }

    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        guard OutputRedirection.mayRedirect(line), !context.offered.takesOperatorsAsText(line) else { return await next(line) }
        let command: String
        let found: OutputRedirection?
        do {
            (command, found) = try OutputRedirection.split(line)
        } catch {
            context.fail(error.message)
            return .next
        }
        guard let redirection = found else { return await next(line) }
        let symbol = redirection.kind.rawValue
        // Said before anything runs: a command whose output could go nowhere does not run.
        guard let destination = destinations[redirection.kind] else {
            context.fail(
                "this session sends no output elsewhere with '\(symbol)', which \(redirection.kind.purpose) — quote it ('\(symbol)') to type the character itself"
            )
            return .next
        }
        do {
            try destination.check?(redirection.target)
        } catch {
            context.fail(UserFacingError.message(for: error))
            return .next
        }
        let output = context.session.output
        var step = Session.Step.next
        let collected = await output.collecting(into: destination.collector) {
            step = await next(command)
        }
        // What the shell holds back for a pipe goes out before the command's own output.
        output.flush()
        do {
            try await destination.deliver(collected, redirection.target)
        } catch {
            context.fail(UserFacingError.message(for: error))
        }
        return step
    }
}
