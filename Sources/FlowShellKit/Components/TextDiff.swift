/// Line-by-line differences, for failure messages.
package enum TextDiff {
    /// `  same`, `- expected`, `+ actual` lines, in order (longest common subsequence).
    package static func lines(expected: [String], actual: [String]) -> String {
        let n = expected.count, m = actual.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var output: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                output.append("  \(expected[i])"); i += 1; j += 1
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                output.append("+ \(actual[j])"); j += 1
            } else {
                output.append("- \(expected[i])"); i += 1
            }
        }
        return output.joined(separator: "\n")
    }
}
