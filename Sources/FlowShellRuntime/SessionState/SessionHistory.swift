/// The lines typed in this session, numbered from 1, for `history`, `!N` and `!prefix`, and
/// those of earlier sessions that the front end keeps (the terminal's history file), for
/// `history -a` and `!prefix`. Only the last ``limit`` are kept (as a shell keeps its HISTSIZE),
/// so that a script of millions of lines runs in the same memory as one of ten.
struct SessionHistory {
    /// The lines of earlier sessions, oldest first, as the front end handed them.
    var earlier: [String] = []

    /// How many of the latest lines are kept.
    static let limit = 1000

    /// The lines kept, oldest first; the first is line ``firstNumber``.
    private var kept: [String] = []
    /// The number of the first line kept.
    private(set) var firstNumber = 1

    /// The number the next line gets, which is also how many lines were run so far plus one.
    var nextNumber: Int { firstNumber + kept.count }

    /// Adds a line run.
    mutating func append(_ line: String) {
        kept.append(line)
        // Let go of the oldest in batches: one move of the array per `limit` lines.
        if kept.count >= 2 * Self.limit {
            let dropped = kept.count - Self.limit
            kept.removeFirst(dropped)
            firstNumber += dropped
        }
    }

    /// Takes back the last line added (one that gave its place to the lines it runs).
    mutating func removeLast() {
        guard !kept.isEmpty else { return }
        kept.removeLast()
    }

    /// Line `number`, if it is kept.
    func line(_ number: Int) -> String? {
        let index = number - firstNumber
        guard number >= nextNumber - Self.limit, kept.indices.contains(index) else { return nil }
        return kept[index]
    }

    /// The last `count` lines kept (at most ``limit``) with their numbers, oldest first.
    func last(_ count: Int = limit) -> [(number: Int, line: String)] {
        let shown = min(count, Self.limit, kept.count)
        return (kept.count - shown..<kept.count).map { (firstNumber + $0, kept[$0]) }
    }

    /// The latest line that starts with `prefix`: this session's, else an earlier session's.
    func latest(startingWith prefix: String) -> String? {
        kept.last { $0.hasPrefix(prefix) } ?? earlier.last { $0.hasPrefix(prefix) }
    }

    /// The lines kept whose numbers are in `range`, with their numbers, oldest first.
    func lines(in range: ClosedRange<Int>) -> [(number: Int, line: String)] {
        last().filter { range.contains($0.number) }
    }
}
