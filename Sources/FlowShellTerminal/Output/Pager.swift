import FlowShellRuntime
import Foundation
import LineEditor

/// Shows long output a screen at a time: `$PAGER`, else `less -R` (colours kept, quits at the end
/// of a short text), reading the text on its standard input. The pager is the terminal's
/// foreground job while it runs — it reads its keys from the terminal — and the shell takes the
/// terminal back when it ends.
enum Pager {
    /// The exit statuses of `sh -c` when the command was not found or could not be run.
    private static let notRun: Set<Int32> = [126, 127]

    /// Shows `text` through the pager; false when no pager could be run (the caller writes the
    /// text itself).
    @MainActor
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        // A terminal that cannot move its cursor (TERM=dumb: an editor's shell buffer, a
        // serial line) cannot page: the text is printed whole, as git and man do there.
        guard environment["TERM"] != "dumb" else { return false }
        let command = environment["PAGER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "less -R -F -X"
        guard let status = Terminal.runInForeground(command, input: text) else { return false }
        return !notRun.contains(status)
    }
}
