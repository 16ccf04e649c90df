import FlowShellTestSupport
import Foundation
import Testing

/// The README's first screen is the real terminal: its ```text terminal block is typed, line
/// by line, at the binary started from an interactive bash on a terminal of 80×24, and what the
/// terminal then shows — prompts, screens, messages — must read as the block does (a line `…`
/// stands for any lines; a day and time of the clock, `Sun 15:20`, for any other).
@Suite(.serialized) struct ReadmeTerminalTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func theReadmesTerminalSessionIsWhatTheTerminalShows() throws {
        let readme = try String(contentsOf: FlowShellBinary.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(
            readme.components(separatedBy: "```text terminal\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let expected = block.components(separatedBy: "\n")
        // `flowshell` on the PATH, run in the repository's folder (its config.json), as its README says.
        let tools = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: tools.appendingPathComponent("flowshell"), withDestinationURL: FlowShellBinary.url)
        let terminal = try PseudoTerminal.interactiveBash(
            home: home,
            extra: [
                "PATH": tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            ])
        try terminal.enter("cd '\(FlowShellBinary.repository.path)'", expecting: "$ ")
        let start = terminal.screen().history.count
        // Each line typed is what follows the last `› ` of a prompt; each waits for the prompt after it.
        let prompts = expected.filter { $0.hasPrefix("Cars ›") }
        terminal.type(String(try #require(expected.first?.dropFirst(2))) + "\r")
        for (index, prompt) in prompts.enumerated() {
            let shown = String(prompt[..<(prompt.range(of: "› ", options: .backwards)?.upperBound ?? prompt.endIndex)])
            try terminal.expect(shown)
            let typed = String(prompt[(prompt.range(of: "› ", options: .backwards)?.upperBound ?? prompt.endIndex)...])
            terminal.type(typed + "\r")
            if index == prompts.count - 1 { try terminal.expect("$ ") }
        }
        let shown = Array(terminal.screen().history.dropFirst(max(0, start - 1)).drop { !$0.hasPrefix("$ flowshell") })
        #expect(
            Self.matches(expected.map(Self.withoutTimes), shown.map(Self.withoutTimes)),
            "the terminal showed:\n\(shown.joined(separator: "\n"))")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }

    /// A line with the clock's day and time in it, as any.
    static func withoutTimes(_ line: String) -> String {
        line.replacingOccurrences(of: #"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d\b"#, with: "DAY HH:MM", options: .regularExpression)
    }

    /// Whether `actual` reads as `expected`, a line `…` standing for any lines (none too).
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "…" {
            return (0...actual.count).contains { matches(Array(expected.dropFirst()), Array(actual.dropFirst($0))) }
        }
        return actual.first == first && matches(Array(expected.dropFirst()), Array(actual.dropFirst()))
    }
}
