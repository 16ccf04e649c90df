import FlowShellKit

/// A screen as plain, stable lines of text: what a test compares and what a failure shows, so
/// that a difference reads like a diff of the screen.
public enum ScreenDescription {
    /// The lines describing `properties`: title, each component, status and commands.
    public static func lines(_ properties: ViewProperties) -> [String] {
        var lines = ["title: \(properties.title)"]
        for component in properties.content {
            lines += describe(component)
        }
        if let status = properties.status { lines.append("status: \(status)") }
        for command in properties.commands {
            let values = command.arguments.filter { !$0.values.isEmpty }
                .map { "\($0.name)=\($0.values.joined(separator: "|"))" }
            lines.append("command: \(command.usage)" + (values.isEmpty ? "" : " {\(values.joined(separator: ", "))}"))
        }
        return lines
    }

    static func describe(_ component: Component) -> [String] {
        switch component {
        case .heading(let text): return ["heading: \(text)"]
        case .text(let text): return ["text: \(text)"]
        case .list(let items, let numbered): return items.map { "\(numbered ? "item#" : "item"): \($0)" }
        case .table(let table):
            return ["table: " + table.columns.map(\.title).joined(separator: " | ")]
                + table.rows.map { "row: " + $0.joined(separator: " | ") }
        case .keyValue(let pairs): return pairs.map { "\($0.key): \($0.value)" }
        case .message(let style, let text): return ["\(style.rawValue): \(text)"]
        case .divider: return ["divider"]
        }
    }
}

/// Line-by-line differences, for failure messages.
public enum TextDiff {
    /// `  same`, `- expected`, `+ actual` lines, in order (longest common subsequence).
    public static func lines(expected: [String], actual: [String]) -> String {
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
