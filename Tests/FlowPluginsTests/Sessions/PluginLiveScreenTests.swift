import FlowShellTestSupport
import Foundation
import Testing

/// Protocol 1.1 through the real binary: a plugin screen shown again asks the plugin for its
/// view (`appear`), `close` arrives when a screen closes, and a plugin pushes `update`s.
@Suite struct PluginLiveScreenTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    static let config = PluginFlows.fixtureFlow(
        app: "memos", root: "memo.list", module: "Memos", file: "memos.py",
        transitions: [
            #"{ "from": "memo.list", "on": "opened", "to": "memo.detail", "style": "push" }"#,
            #"{ "from": "memo.detail", "on": "deleted", "style": "pop" }"#,
            #"{ "from": "memo.list", "command": "ticker", "summary": "Watch the ticker", "to": "memo.ticker", "style": "push" }"#,
        ])

    private func write(_ home: URL) throws -> String {
        try PluginFlows.write(Self.config, as: "memos.json", in: home)
    }

    @Test func aListShownAgainShowsThePluginsViewNow() throws {
        let result = try flowshell(
            ["--config", try write(home), "--output", "json"], input: "read a\ndelete\nquit\n",
            environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 0, "\(result.errors)")
        let screens = result.output.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["type"] as? String == "screen"
            else { return nil }
            return object
        }
        #expect(screens.map { $0["title"] as? String } == ["Memos", "Memo a", "Memos"])
        // The memo deleted on its own screen is gone from the list shown again.
        #expect(screens.last?["status"] as? String == "1 memos")
    }

    @Test func aPluginScreenChangesByItselfAtThePrompt() throws {
        let terminal = try PluginFlows.terminal(["--config", try write(home)], home: home)
        try terminal.expect("Memos › ")
        try terminal.enter("ticker", expecting: "Ticker › ")
        // The plugin pushes a tick every 50 ms; the shell shows them by themselves, throttled.
        try terminal.expect("tick 3")
        try terminal.expect("Ticker changed by itself")
        // A plugin that keeps pushing does not hold the prompt: a command still answers.
        try terminal.enter("where", expecting: "2. Ticker (memo.ticker)")
        try terminal.enter("back", expecting: "Memos › ")
        #expect(try terminal.quit() == 0)
    }

    @Test func aScreenAt20UpdatesASecondDoesNotFloodTheScrollback() throws {
        let terminal = try PluginFlows.terminal(["--config", try write(home)], home: home, rows: 24, columns: 80)
        try terminal.expect("Memos › ")
        try terminal.enter("ticker", expecting: "Ticker › ")
        // Ticks pushed 20 a second while the prompt waits, shown at most 10 a second: twenty
        // shown take two seconds or more.
        var ticking = ""
        for _ in 1...20 {
            ticking += try terminal.expect("Ticker changed by itself")
        }
        let shown = ticking.components(separatedBy: "Ticker changed by itself").count - 1
        // Drawn in place: the cursor up over the screen before (CSI n A), erased (CSI J), then
        // the screen (its newlines as the terminal echoes them).
        let inPlace = ticking.components(separatedBy: "A\u{1B}[J\r\r\nTicker\r\r\n").count - 1
        #expect(shown > 0)
        #expect(inPlace == shown, "\(inPlace) of \(shown) updates drawn in place")
        try terminal.enter("back", expecting: "Memos › ")
        #expect(try terminal.quit() == 0)
    }
}

/// `wait` in a script: updates that arrive while it waits are shown in order, and
/// `wait --until` returns once the screen shows the text, or fails at its timeout.
@Suite struct WaitCommandTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aScriptWaitsForAScreenThatChangesByItself() throws {
        let config = home.appendingPathComponent("memos.json").path
        try PluginLiveScreenTests.config.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try flowshell(
            ["--config", config], input: "ticker\nwait --until 'tick 3'\nwhere\nwait --until never --timeout 0.2\nback\n",
            environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.output.contains("tick 3"))
        // The line after the wait ran after the screen showed it.
        let afterTick = result.output.range(of: "tick 3").map { String(result.output[$0.upperBound...]) } ?? ""
        #expect(afterTick.contains("2. Ticker (memo.ticker)"))
        #expect(result.errors.contains("line 4: wait: the screen did not show 'never' within 0.2 s"))
        #expect(result.status == 1, "the failed wait fails the script")
    }
}
