import FlowShellKit

extension Dispatcher {
    /// Runs the words of a line whose output is redirected (`> FILE`, `>> FILE`, `| COMMAND`)
    /// to `destination`, a capability's: the destination is checked first, so that a command
    /// whose output could go nowhere does not run; what it shows is collected as plain text and
    /// sent there once it has finished.
    func run(words: [String], text: String, command: OfferedCommands.Command?, redirectedTo redirection: OutputRedirection,
             via destination: OutputDestination) async -> Step {
        do {
            try destination.check?(redirection.target)
        } catch {
            fail(UserFacingError.message(for: error))
            return .next
        }
        var step = Step.next
        let collected = await output.collecting(into: destination.collector) {
            step = await self.run(words: words, text: text, command: command)
        }
        // What the shell holds back for a pipe goes out before the command's own output.
        output.flush()
        do {
            try await destination.deliver(collected, redirection.target)
        } catch {
            fail(UserFacingError.message(for: error))
        }
        return step
    }
}
