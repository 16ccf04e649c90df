extension ExplorationReport {
    /// The names of the coverage sections for people, in the order shown.
    static let sectionTitles = [
        ("transitions", "transitions"), ("guards", "guard outcomes"), ("links", "links"),
        ("screens", "screens"), ("commands", "commands"), ("results", "sub-flow results"),
    ]

    /// What one item of each section is called.
    private static let itemTitles = [
        "transitions": "transition", "guards": "guard outcome", "links": "link",
        "screens": "screen", "commands": "command", "results": "sub-flow result",
    ]

    /// The report for a person at a terminal: each failure like a compiler's error (where, what,
    /// the path, the line that replays it), what was not covered, the coverage by kind, and a
    /// verdict. `replay` gives the command line that replays a finding's script.
    package func text(replay: (Finding) -> String?) -> String {
        var lines: [String] = []
        for finding in findings {
            lines.append("\(place(finding.path, finding.line, finding.column)): error: \(finding.kind.rawValue): \(finding.message)")
            let steps = finding.steps.isEmpty ? "(at the start)" : finding.steps.joined(separator: " › ")
            lines.append(
                "  path: \(steps)" + (finding.alsoOn > 0 ? " (and \(finding.alsoOn) more path\(finding.alsoOn == 1 ? "" : "s"))" : ""))
            if let command = replay(finding) { lines.append("  replay: \(command)") }
        }
        guard let coverage, let explored else {
            return (lines + ["\(file): not explored"]).joined(separator: "\n") + "\n"
        }
        for (name, _) in Self.sectionTitles {
            guard let section = coverage.section(named: name) else { continue }
            for item in section.items where !item.covered {
                lines.append(
                    "\(place(nil, item.line, item.column)): note: \(Self.itemTitles[name] ?? name) not covered: \(item.name)"
                        + (item.note.map { " — \($0)" } ?? ""))
            }
        }
        let pathLimit = explored.stoppedAtPathLimit ? ", stopped at the limit of \(bounds.paths) paths" : ""
        lines.append(
            "\(file): \(explored.paths) path\(explored.paths == 1 ? "" : "s") tried, \(explored.states) place\(explored.states == 1 ? "" : "s") reached, the longest \(explored.deepest) line\(explored.deepest == 1 ? "" : "s") from the root\(pathLimit)"
        )
        let width = Self.sectionTitles.map(\.1.count).max() ?? 0
        for (name, title) in Self.sectionTitles {
            guard let section = coverage.section(named: name) else { continue }
            let counts = "\(section.covered)/\(section.total)"
            let percent = section.total == 0 ? "—" : "\(Int(section.percent.rounded(.down)))%"
            lines.append(
                "  " + title.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + String(repeating: " ", count: max(0, 9 - counts.count)) + counts
                    + String(repeating: " ", count: max(0, 6 - percent.count)) + percent)
        }
        for requirement in requirements where !requirement.met {
            lines.append(
                "\(file): error: --require-coverage \(requirement.section)=\(Self.number(requirement.percent)) not met: \(Self.number(requirement.reached))% covered"
            )
        }
        switch status {
        case .passed: lines.append("\(file): passed")
        case .failed:
            let count = findings.count
            lines.append("\(file): failed" + (count > 0 ? " — \(count) failure\(count == 1 ? "" : "s") found" : ""))
        case .unloadable: lines.append("\(file): the config could not be loaded")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `config.json:13:5`, or the file alone when the place is unknown.
    private func place(_ path: String?, _ line: Int?, _ column: Int?) -> String {
        guard let line else { return file }
        return "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
    }

    /// `100`, `87.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
