extension ExplorationReport {
    /// The report as JUnit XML, for CI: a test case per transition (failed by a finding at it,
    /// skipped when no path took it — failed when `--require-coverage transitions` asks for it),
    /// one per link, and one per finding that concerns neither. `replay` gives the command line
    /// that replays a finding's script.
    package func junit(replay: (Finding) -> String?) -> String {
        let transitionsRequired = requirements.contains { $0.section == "transitions" }
        let linksRequired = requirements.contains { $0.section == "links" }
        var placed: Set<Int> = []
        func cases(_ section: Section?, kind: String, required: Bool) -> [String] {
            (section?.items ?? []).map { item in
                let name = (item.path.map { "\($0) " } ?? "") + (item.line.map { "(line \($0)) " } ?? "") + item.name
                var body = ""
                let here = findings.indices.filter { findings[$0].path != nil && findings[$0].path == item.path }
                placed.formUnion(here)
                for index in here {
                    body += failure(findings[index], replay: replay)
                }
                if here.isEmpty, !item.covered {
                    let note = item.note ?? "not covered"
                    body =
                        required
                        ? "<failure type=\"not-covered\" message=\"\(Self.escape(note))\"/>" : "<skipped message=\"\(Self.escape(note))\"/>"
                }
                return "    <testcase classname=\"\(Self.escape(file)).\(kind)\" name=\"\(Self.escape(name))\""
                    + (body.isEmpty ? "/>" : ">\(body)</testcase>")
            }
        }
        var suites: [(name: String, cases: [String])] = [
            ("transitions", cases(coverage?.transitions, kind: "transitions", required: transitionsRequired)),
            ("links", cases(coverage?.links, kind: "links", required: linksRequired)),
        ]
        let others = findings.indices.filter { !placed.contains($0) }.map { index in
            let finding = findings[index]
            let name = (finding.path.map { "\($0) " } ?? "") + (finding.line.map { "(line \($0)) " } ?? "") + finding.kind.rawValue
            return
                "    <testcase classname=\"\(Self.escape(file)).findings\" name=\"\(Self.escape(name))\">\(failure(finding, replay: replay))</testcase>"
        }
        let unmet = requirements.filter { !$0.met }.map { requirement in
            "    <testcase classname=\"\(Self.escape(file)).coverage\" name=\"--require-coverage \(requirement.section)=\(Self.number(requirement.percent))\">"
                + "<failure type=\"coverage\" message=\"\(Self.number(requirement.reached))% covered\"/></testcase>"
        }
        suites.append(("findings", others + unmet))
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let all = suites.flatMap(\.cases)
        xml.append(
            "<testsuites name=\"\(Self.escape(file))\" tests=\"\(all.count)\" failures=\"\(all.filter { $0.contains("<failure") }.count)\">"
        )
        for suite in suites where !suite.cases.isEmpty {
            let failures = suite.cases.filter { $0.contains("<failure") }.count
            let skipped = suite.cases.filter { $0.contains("<skipped") }.count
            xml.append(
                "  <testsuite name=\"\(Self.escape(file)): \(suite.name)\" tests=\"\(suite.cases.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\">"
            )
            xml += suite.cases
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    private func failure(_ finding: Finding, replay: (Finding) -> String?) -> String {
        var detail = "path: " + (finding.steps.isEmpty ? "(at the start)" : finding.steps.joined(separator: " › "))
        if let command = replay(finding) { detail += "\nreplay: \(command)" }
        return "<failure type=\"\(finding.kind.rawValue)\" message=\"\(Self.escape(finding.message))\">\(Self.escape(detail))</failure>"
    }

    /// Text as XML character data or an attribute's value: markup escaped, and the characters
    /// XML 1.0 cannot hold (most control characters) as U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
