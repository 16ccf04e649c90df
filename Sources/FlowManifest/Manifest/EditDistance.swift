/// Edit distance for "did you mean" hints: insertions, deletions, substitutions and swaps of
/// two neighbouring characters each count one (optimal string alignment).
public enum EditDistance {
    /// The number of edits that turn `a` into `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// What a "did you mean" names (case aside): a candidate that begins with `word` (of two
    /// letters or more; the shortest such, as `sel` means `select` more surely than `set`), else
    /// the candidate closest to it, when within a third of the word's length of it and sharing a
    /// letter with it (a one-letter word is not taken for another one-letter word: `?` is not `s`).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        // Neither rule can name a candidate for a word half as long again as the longest one
        // (its distance to each is over a third of its length), so no more of a word is read
        // than that: a line of megabytes costs what a long name does.
        let longest = candidates.lazy.map(\.count).max() ?? 0
        let bound = longest + longest / 2 + 2
        guard word.prefix(bound + 1).count <= bound else { return nil }
        let lowered = word.lowercased()
        let length = word.count
        if length >= 2,
            let begun = candidates.filter({ $0.count > length && $0.lowercased().hasPrefix(lowered) })
                .min(by: { ($0.count, $0) < ($1.count, $1) })
        {
            return begun
        }
        let within = max(1, length / 3)
        return
            candidates
            // The distance is at least the difference of the lengths: no table for those too far.
            .filter { abs($0.count - length) <= within }
            .map { ($0, between(lowered, $0.lowercased())) }
            .filter { $0.1 <= within && $0.1 < max(length, $0.0.count) }
            .min { $0.1 < $1.1 }?.0
    }
}
