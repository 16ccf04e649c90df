import FlowShellKit

/// `history`, and running lines of it again: `!N`, `!!`, `!-N`, `!prefix` and `history -r RANGE`.
extension Session {
    /// The lines of earlier sessions, oldest first, which the front end keeps (the terminal's
    /// history file): `history -a` lists them and `!prefix` finds them.
    package var earlierSessionsLines: [String] {
        get { history.earlier }
        set { history.earlier = newValue }
    }

    /// The number of the last line typed in this session before the one that runs now (0 when
    /// there is none).
    package var lastLineNumber: Int {
        history.nextNumber - 1 - (lineIsInHistory ? 1 : 0)
    }

    /// Takes the line that runs now out of the history, when it was put there, so that the lines
    /// it runs again take its place, as with bash's `fc`: `history -r`, `history -e` and `edit`
    /// leave in the history what they ran, and a script `history -o` writes of it runs the same
    /// lines anywhere. Such a line leaves the history even when it fails, so that none runs
    /// itself again. Returns whether it was there, which is whether the lines it runs are kept.
    package func giveThisLinesPlaceToWhatItRuns() -> Bool {
        guard lineIsInHistory else { return false }
        history.removeLast()
        lineIsInHistory = false
        return true
    }

    /// The line `line` (`!N`, `!!`, `!-N`, `!prefix`, with any words after it) recalls, with
    /// those words after it; nil, with the failure said, when there is none.
    func recalled(_ line: String) -> String? {
        var trimmed = line.drop(while: \.isWhitespace)
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        let reference = trimmed.prefix { !$0.isWhitespace }
        let rest = trimmed.dropFirst(reference.count)
        let body = reference.dropFirst()
        let found: String?
        if body == "!" {
            found = history.line(history.nextNumber - 1)
        } else if let number = Int(body) {
            found = history.line(number > 0 ? number : history.nextNumber + number)
        } else if !body.isEmpty {
            found = history.latest(startingWith: String(body))
        } else {
            found = nil
        }
        guard let found else {
            let what = Int(body) == nil && body != "!" && !body.isEmpty ? "no line starting with '\(body)'" : "no line \(reference)"
            fail("\(what) in the history — history lists them")
            return nil
        }
        return found + rest
    }

    /// `history [-a] [N]`: the last N lines typed in this session (all that are kept without N),
    /// numbered for `!N`; with `-a`, the lines of earlier sessions before them. `history -r RANGE`
    /// runs lines again.
    func history(_ call: GlobalCommand.Call) async -> Step {
        let argument = call.arguments.positionals.first
        if call.arguments.flags.contains("run") {
            let remembered = giveThisLinesPlaceToWhatItRuns()
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
        let numbered = history.last(count)
        let width = String(history.nextNumber - 1).count
        var text = numbered.map { String(repeating: " ", count: width - String($0.number).count) + "\($0.number)  \($0.line)" }
        if call.arguments.flags.contains("all") {
            // Earlier sessions' lines have no number: `!N` counts this session's.
            let earlier = history.earlier.suffix(max(0, count - numbered.count))
            text = earlier.map { String(repeating: " ", count: width + 2) + $0 } + text
        }
        output.text(text)
        return .next
    }

    /// The lines of this session before the one that runs now that `range` names — `N`, `A..B`
    /// (or `A-B`, `A:B`), `A..`, `..B`, or `-N` for the last N — with their numbers; nil, with
    /// the failure said, when it names none or is not a range.
    package func historyLines(_ range: String) -> [(number: Int, line: String)]? {
        let last = lastLineNumber
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
        let lines = bounds.lowerBound > last ? [] : history.lines(in: bounds.lowerBound...min(bounds.upperBound, last))
        guard !lines.isEmpty else {
            fail("no line \(range) in this session's history — history lists them")
            return nil
        }
        return lines
    }

    /// Runs `lines` again as they were typed, each shown before it runs, stopping at the first
    /// that fails (and at Ctrl-C); they are added to the history again when `remembered`.
    func runAgain(_ lines: [String], remembered: Bool) async -> Step {
        await runScript(lines.joined(separator: "\n"), named: "history", keepGoing: false, showsLines: true, remembersLines: remembered)
    }
}
