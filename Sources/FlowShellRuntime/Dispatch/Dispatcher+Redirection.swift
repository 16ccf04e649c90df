import FlowShellKit
import Foundation

extension Dispatcher {
    /// Runs the words of a line whose output is redirected (`> FILE`, `>> FILE`, `| COMMAND`):
    /// the destination is checked first, so that a command whose output could go nowhere does
    /// not run; what it shows is collected as plain text and sent there once it has finished.
    func run(words: [String], text: String, redirectedTo redirection: Redirection) async -> Step {
        let environment = ProcessInfo.processInfo.environment
        do {
            try redirection.checkDestination(environment: environment)
        } catch {
            fail(error.message)
            return .next
        }
        var step = Step.next
        let collected = await output.collecting {
            step = await self.run(words: words, text: text)
        }
        // What the shell holds back for a pipe goes out before the command's own output.
        output.flush()
        do {
            try await redirection.deliver(collected, environment: environment)
        } catch {
            fail(error.message)
        }
        return step
    }
}
