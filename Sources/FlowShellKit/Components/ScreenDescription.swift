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
            lines.append(
                "command: \(command.usage)" + (values.isEmpty ? "" : " {\(values.joined(separator: ", "))}")
                    + (command.isPrimary ? " (primary)" : ""))
        }
        return lines
    }

    /// What a table's rows open and offer: `rows open: select ID`, `rows offer: cancel Code`.
    static func rowCommandLines(_ table: Table) -> [String] {
        guard let commands = table.rowCommands else { return [] }
        let column = commands.column < table.columns.count ? table.columns[commands.column].title : "column \(commands.column)"
        let opens = commands.opens.map { ["rows open: \($0) \(column)"] } ?? []
        return opens + commands.offers.map { "rows offer: \($0) \(column)" }
    }

    static func describe(_ component: Component) -> [String] {
        switch component {
        case .heading(let text): return ["heading: \(text)"]
        case .text(let text): return ["text: \(text)"]
        case .list(let items, let numbered): return items.map { "\(numbered ? "item#" : "item"): \($0)" }
        case .table(let table):
            return ["table: " + table.columns.map(\.title).joined(separator: " | ")]
                + rowCommandLines(table)
                + table.rows.map { "row: " + $0.joined(separator: " | ") }
        case .keyValue(let pairs): return pairs.map { "\($0.key): \($0.value)" }
        case .message(let style, let text): return ["\(style.rawValue): \(text)"]
        case .divider: return ["divider"]
        }
    }
}
