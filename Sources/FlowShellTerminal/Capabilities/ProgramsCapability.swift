import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation

extension SessionCapability {
    /// The programs of this machine, run by the user's own shell (`$SHELL`) as the person at
    /// the terminal may run them: `shell COMMAND`, `CMD | COMMAND`, and `edit`, which opens the
    /// user's editor.
    public static let programs = SessionCapability(
        name: "programs",
        commands: [ProgramsCapability.shell, ProgramsCapability.edit],
        options: [ProgramsCapability.historyInEditor],
        destinations: [.pipe: ProgramsCapability.pipe]
    )
}

/// What the ``SessionCapability/programs`` capability is made of.
enum ProgramsCapability {
    /// `shell COMMAND`: the rest of the line, as typed (`>` and `|` included), runs in the
    /// user's shell, on the terminal; a status other than 0 fails the line (and so stops a script).
    static let shell = GlobalCommand(
        "shell", "Run the rest of the line in your $SHELL, as typed (> and | included)",
        arguments: [ArgumentDescription("COMMAND", takesRest: true)],
        takesLineAsTyped: true, takesOperatorsAsText: true
    ) { context, call in
        let line = call.text
        guard !line.isEmpty else {
            context.fail("missing COMMAND — usage: \(call.usage)")
            return .next
        }
        // What the shell holds back for a pipe goes out first: the command writes after it.
        context.flush()
        do {
            let status = try await SystemShell.run(
                line, input: nil, sharesInput: context.interactive,
                environment: ProcessInfo.processInfo.environment)
            if status != 0 { context.fail("'\(line)' ended with status \(status)") }
        } catch {
            context.fail(UserFacingError.message(for: error))
        }
        return .next
    }

    /// `edit [RANGE]`: the user's editor (`$VISUAL`, else `$EDITOR`, else `vi` — at a terminal
    /// only: a session whose input is a pipe or a script is refused without either) on a scratch
    /// script — empty, or holding the lines of RANGE of this session — whose lines run, each
    /// shown first and remembered as typed in place of the `edit` line, when the editor closes
    /// with status 0 (IPython's `%edit`, cmd2's `history -e`, bash's `fc`).
    static let edit = GlobalCommand(
        "edit", "Write lines in your $EDITOR and run them when it closes (RANGE: start from those lines, as history -r)",
        arguments: [ArgumentDescription("RANGE", optional: true)]
    ) { context, call in
        // Typed, this line leaves the history to the lines the editor leaves.
        let remembered = context.giveThisLinesPlaceToWhatItRuns()
        return await edit(call.arguments.positionals.first, remembered: remembered, on: context)
    }

    /// `history -e [RANGE]`, as cmd2's and bash's `fc`: `edit` on those lines, the last one
    /// when none are named.
    static let historyInEditor = CommandOptions(
        for: CoreCommands.history,
        arguments: [
            ArgumentDescription("edit", kind: .flag, optional: true, shortName: "e")
        ], summary: "-e: edit them in your $EDITOR, then run them"
    ) { context, call in
        let remembered = context.giveThisLinesPlaceToWhatItRuns()
        // The line before this one, when no range is named.
        let previous = context.lastLineNumber
        guard let range = call.arguments.positionals.first ?? (previous > 0 ? String(previous) : nil) else {
            context.fail("no line before this one to edit — history -e RANGE names lines")
            return .next
        }
        return await edit(range, remembered: remembered, on: context)
    }

    /// Opens the editor on the lines of `range` (nil: an empty script) and runs what it leaves,
    /// its lines kept in the history when `remembered`.
    @MainActor
    private static func edit(_ range: String?, remembered: Bool, on context: SessionContext) async -> Session.Step {
        var initial = ""
        if let range {
            guard let lines = context.historyLines(range) else { return .next }
            initial = lines.map(\.line).joined(separator: "\n") + "\n"
        }
        let environment = ProcessInfo.processInfo.environment
        let chosen = ["VISUAL", "EDITOR"].lazy.compactMap { environment[$0] }.first { !$0.allSatisfy(\.isWhitespace) }
        // vi on a pipe would read the session's next lines as keys, and never end.
        let atTerminal = context.interactive && SystemShell.inputIsTerminal
        guard chosen != nil || atTerminal else {
            context.fail(
                "edit: this session's input is not a terminal, so vi cannot run on it; nothing was run "
                    + "— set VISUAL or EDITOR to an editor that needs no terminal, or use edit at a terminal")
            return .next
        }
        let editor = chosen ?? "vi"
        let file: ScratchFile
        do {
            file = try ScratchFile(named: "\(context.appName)-edit", holding: initial)
        } catch {
            context.fail("edit: cannot make a scratch file: \(SystemError.describe(error))")
            return .next
        }
        defer { file.remove() }
        // What the shell holds back goes out before the editor takes the terminal.
        context.flush()
        let status: Int32
        do {
            status = try await SystemShell.run(
                "\(editor) \(SystemShell.quoted(file.path))", input: nil, sharesInput: atTerminal,
                environment: environment)
        } catch {
            context.fail(UserFacingError.message(for: error))
            return .next
        }
        // A Ctrl-C typed in the editor was the editor's.
        context.interruptTaken()
        guard status == 0 else {
            let hint = status == 127 || status == 126 ? " — set VISUAL or EDITOR to the editor you use" : ""
            context.fail("the editor '\(editor)' ended with status \(status); nothing was run\(hint)")
            return .next
        }
        let text: String
        do {
            text = try String(contentsOfFile: file.path, encoding: .utf8)
        } catch {
            context.fail("edit: cannot read the scratch file: \(SystemError.describe(error))")
            return .next
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            context.show(Notice(.muted, "nothing to run"))
            return .next
        }
        return await context.runScript(text, named: "edit", keepGoing: false, showsLines: true, remembersLines: remembered)
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
