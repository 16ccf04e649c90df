import FlowCoordinator
import FlowShellKit

/// Runs several lines as one: a script's text, which a capability reads from somewhere (the
/// terminal's `run FILE` and startup file, from a file) or makes (`history -r`, `edit`). The core
/// reads no file itself. It is not a stage of the chain but a source of lines: each of a script's
/// lines passes the whole chain as a typed one does. It keeps its own state — how deep scripts
/// are nested, and whether the lines of the one that runs join the history.
@MainActor
package final class ScriptRunner {
    /// How deep scripts may nest.
    static let depthLimit = 8
    /// How many scripts run now, each inside the one before.
    private var depth = 0
    /// Whether the lines of the script that runs are remembered as typed ones (`edit`'s).
    private var remembersLines = false

    /// Whether a line that runs now joins the history: a typed one does, and a script's only when
    /// the person wrote it for the purpose.
    var linesAreRemembered: Bool { depth == 0 || remembersLines }

    /// Runs each line of `text` in `session` as if typed, its messages naming `NAME:N`; the first
    /// failed line stops it unless `keepGoing`, and so does Ctrl-C. It runs as one line of the
    /// session's.
    /// - Parameters:
    ///   - showsLines: each line is shown before it runs (lines run again, an edited script),
    ///     and its messages read as a typed line's.
    ///   - remembersLines: its lines join the history as typed ones (a script the person just
    ///     wrote, as `edit`'s); otherwise a script's lines are its own.
    package func run(
        _ text: String, named name: String, in session: Session, keepGoing: Bool, showsLines: Bool = false,
        remembersLines: Bool = false
    ) async -> Session.Step {
        guard depth < Self.depthLimit else {
            session.fail("run: scripts nest more than \(Self.depthLimit) deep (does \(name) run itself?)")
            return .next
        }
        depth += 1
        defer { depth -= 1 }
        let outerRemembers = self.remembersLines
        self.remembersLines = remembersLines
        defer { self.remembersLines = outerRemembers }
        let outerPrefix = session.linePrefix
        defer { session.linePrefix = outerPrefix }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            if showsLines {
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                session.output.notice(Notice(.muted, line))
            } else {
                session.linePrefix = (outerPrefix ?? "") + "\(name):\(index + 1): "
            }
            let before = session.failures
            let step = await session.run(line)
            if case .quit = step { return step }
            // Ctrl-C stops the script, whether it came while a command waited or between
            // lines (the yield lets the terminal's handler of it run).
            await Task.yield()
            if session.interrupted {
                session.linePrefix = outerPrefix
                session.show(Notice(.warning, "\(name) stopped at line \(index + 1): interrupted"))
                return .next
            }
            if !keepGoing, session.failures > before {
                session.linePrefix = outerPrefix
                session.show(Notice(.warning, "\(name) stopped at line \(index + 1)"))
                return .next
            }
        }
        return .next
    }
}
