import FlowShellKit

/// `history`, and running lines of it again (`history -r RANGE`); `!N` and the like are
/// ``HistoryRecall``'s.
extension Session {
    /// The lines of earlier sessions, oldest first, which the front end keeps (the terminal's
    /// history file): `history -a` lists them and `!prefix` finds them.
    package var earlierSessionsLines: [String] {
        get { recall.history.earlier }
        set { recall.history.earlier = newValue }
    }

    /// `history [-a] [N]`: the last N lines typed in this session (all that are kept without N),
    /// numbered for `!N`; with `-a`, the lines of earlier sessions before them. `history -r RANGE`
    /// runs lines again.
    func history(_ call: GlobalCommand.Call) async -> Step {
        let argument = call.arguments.positionals.first
        if call.arguments.flags.contains("run") {
            let remembered = recall.giveThisLinesPlaceToWhatItRuns()
            guard let argument else {
                fail("history -r needs the lines to run: N, A..B or -N (the last N) — usage: \(call.usage)")
                return .next
            }
            guard let lines = historyLines(argument) else { return .next }
            return await runAgain(lines.map(\.line), remembered: remembered)
        }
        var count = SessionHistory.limit
        if let argument {
            guard let number = Int(argument), number > 0 else {
                fail("N must be a whole number above 0, not '\(argument)'")
                return .next
            }
            count = number
        }
        let numbered = recall.history.last(count)
        let width = String(recall.history.nextNumber - 1).count
        var text = numbered.map { String(repeating: " ", count: width - String($0.number).count) + "\($0.number)  \($0.line)" }
        if call.arguments.flags.contains("all") {
            // Earlier sessions' lines have no number: `!N` counts this session's.
            let earlier = recall.history.earlier.suffix(max(0, count - numbered.count))
            text = earlier.map { String(repeating: " ", count: width + 2) + $0 } + text
        }
        output.text(text)
        return .next
    }

    /// The lines of this session before the one that runs now that `range` names — `N`, `A..B`
    /// (or `A-B`, `A:B`), `A..`, `..B`, or `-N` for the last N — with their numbers; nil, with
    /// the failure said, when it names none or is not a range.
    package func historyLines(_ range: String) -> [(number: Int, line: String)]? {
        let last = recall.lastLineNumber
        var bounds: ClosedRange<Int>?
        if let number = Int(range) {
            bounds = number > 0 ? number...number : number < 0 ? max(1, last + number + 1)...max(1, last) : nil
        } else if let separator = ["..", ":", "-"].first(where: { range.contains($0) }) {
            let parts = range.components(separatedBy: separator)
            if parts.count == 2 {
                let low = parts[0].isEmpty ? 1 : Int(parts[0])
                // `A..` with no line from A on yet names none rather than being no range.
                let high = parts[1].isEmpty ? max(last, low ?? 1) : Int(parts[1])
                if let low, let high, low > 0, low <= high { bounds = low...high }
            }
        }
        guard let bounds else {
            fail("'\(range)' is not a range of lines: N, A..B, A.., ..B or -N (the last N)")
            return nil
        }
        let lines = bounds.lowerBound > last ? [] : recall.history.lines(in: bounds.lowerBound...min(bounds.upperBound, last))
        guard !lines.isEmpty else {
            fail("no line \(range) in this session's history — history lists them")
            return nil
        }
        return lines
    }

    /// Runs `lines` again as they were typed, each shown before it runs, stopping at the first
    /// that fails (and at Ctrl-C); they are added to the history again when `remembered`.
    func runAgain(_ lines: [String], remembered: Bool) async -> Step {
        await scripts.run(
            lines.joined(separator: "\n"), named: "history", in: self, keepGoing: false, showsLines: true,
            remembersLines: remembered)
    }
}
