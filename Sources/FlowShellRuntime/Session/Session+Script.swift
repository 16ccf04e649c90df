import FlowCoordinator
import FlowShellKit

/// Running several lines as one: a script's text, which a capability reads from somewhere (the
/// terminal's `run FILE` and startup file, from a file). The core reads no file itself.
extension Session {
    /// How deep scripts may nest.
    static let scriptDepthLimit = 8

    /// Runs each line of `text` as if typed, its messages naming `NAME:N`; the first failed line
    /// stops it unless `keepGoing`, and so does Ctrl-C. It runs as one line of the session's.
    /// - Parameters:
    ///   - showsLines: each line is shown before it runs (lines run again, an edited script),
    ///     and its messages read as a typed line's.
    ///   - remembersLines: its lines join the history as typed ones (a script the person just
    ///     wrote, as `edit`'s); otherwise a script's lines are its own.
    package func runScript(
        _ text: String, named name: String, keepGoing: Bool, showsLines: Bool = false,
        remembersLines: Bool = false
    ) async -> Step {
        guard scriptDepth < Self.scriptDepthLimit else {
            fail("run: scripts nest more than \(Self.scriptDepthLimit) deep (does \(name) run itself?)")
            return .next
        }
        scriptDepth += 1
        defer { scriptDepth -= 1 }
        let outerRemembers = remembersScriptLines
        remembersScriptLines = remembersLines
        defer { remembersScriptLines = outerRemembers }
        let outerPrefix = linePrefix
        defer { linePrefix = outerPrefix }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            if showsLines {
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                output.notice(Notice(.muted, line))
            } else {
                linePrefix = (outerPrefix ?? "") + "\(name):\(index + 1): "
            }
            let before = failures
            let step = await run(line)
            if case .quit = step { return step }
            // Ctrl-C stops the script, whether it came while a command waited or between
            // lines (the yield lets the terminal's handler of it run).
            await Task.yield()
            if interrupted {
                linePrefix = outerPrefix
                show(Notice(.warning, "\(name) stopped at line \(index + 1): interrupted"))
                return .next
            }
            if !keepGoing, failures > before {
                linePrefix = outerPrefix
                show(Notice(.warning, "\(name) stopped at line \(index + 1)"))
                return .next
            }
        }
        return .next
    }
}
