import FlowShellKit
import FlowShellRuntime
import Foundation

extension SessionCapability {
    /// The programs of this machine, run by the user's own shell (`$SHELL`) as the person at
    /// the terminal may run them: `shell COMMAND` and `CMD | COMMAND`.
    public static let programs = SessionCapability(
        name: "programs",
        commands: [ProgramsCapability.shell],
        destinations: [.pipe: ProgramsCapability.pipe]
    )
}

/// What the ``SessionCapability/programs`` capability is made of.
enum ProgramsCapability {
    /// `shell COMMAND`: the rest of the line, as typed (`>` and `|` included), runs in the
    /// user's shell, on the terminal; a status other than 0 fails the line (and so stops a script).
    static let shell = GlobalCommand("shell", "Run the rest of the line in your $SHELL, as typed (> and | included)",
                                     arguments: [ArgumentDescription("COMMAND", takesRest: true)],
                                     takesLineAsTyped: true, takesOperatorsAsText: true) { dispatcher, call in
        let line = call.text
        guard !line.isEmpty else {
            dispatcher.fail("missing COMMAND — usage: \(call.usage)")
            return .next
        }
        // What the shell holds back for a pipe goes out first: the command writes after it.
        dispatcher.output.flush()
        do {
            let status = try await SystemShell.run(line, input: nil, sharesInput: dispatcher.interactive,
                                                   environment: ProcessInfo.processInfo.environment)
            if status != 0 { dispatcher.fail("'\(line)' ended with status \(status)") }
        } catch {
            dispatcher.fail(UserFacingError.message(for: error))
        }
        return .next
    }

    /// Where `|` sends a line's output: the standard input of the command after it, whose own
    /// output goes to the terminal. The command's status is its own to report, as in a shell
    /// pipeline.
    static let pipe = OutputDestination(collector: PlainTextCollector.maker) { text, command in
        do {
            _ = try await SystemShell.run(command, input: text, sharesInput: false, environment: ProcessInfo.processInfo.environment)
        } catch let error as UserFacingError {
            throw error
        } catch {
            throw UserFacingError("cannot run \(command): \(error)")
        }
    }
}

