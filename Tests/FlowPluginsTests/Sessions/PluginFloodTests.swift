import FlowShellTestSupport
import Foundation
import Testing

/// A plugin that floods a screen with updates, as fast as it can write them, through the real
/// binary: the shell ends up showing the last view, answers what is typed meanwhile, and acts
/// on every event an update carried, in order — the flood is coalesced, never a denial of service.
@Suite struct PluginFloodTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    static let config = PluginFlows.fixtureFlow(
        app: "flood", root: "flood.menu", module: "Flood", file: "flood.py",
        transitions: [
            #"{ "from": "flood.menu", "command": "views", "summary": "Flood a screen with views", "to": "flood.views", "style": "push" }"#,
            #"{ "from": "flood.menu", "command": "steps", "summary": "Flood a screen with views and steps", "to": "flood.steps", "style": "push" }"#,
            #"{ "from": "flood.steps", "on": "step", "to": "flood.step", "style": "push" }"#,
        ])

    private func write(_ home: URL) throws -> String {
        try PluginFlows.write(Self.config, as: "flood.json", in: home)
    }

    @Test func aFloodedScreenAtThePromptShowsItsLastViewAndACommandAnswersMeanwhile() throws {
        let terminal = try PluginFlows.terminal(["--config", try write(home)], home: home, rows: 24, columns: 80)
        try terminal.expect("Flood › ")
        try terminal.enter("views", expecting: "Views › ")
        // Thousands of updates have been sent, and the plugin goes on sending them.
        try terminal.expect("over 5000 sent")
        try terminal.enter("where", expecting: "2. Views (flood.views)")
        // A command of the flooded screen itself reaches the plugin and its answer is shown.
        try terminal.enter("stop", expecting: "stopped after ")
        try terminal.enter("back", expecting: "Flood › ")
        #expect(try terminal.quit() == 0)
    }

    @Test func everyEventOfAFloodIsActedOnInOrderAndTheCoveredScreenKeepsItsLastView() throws {
        // Each of the four `step` events pushes a screen, above the others: the stack says
        // which were acted on, and in what order. The last view comes after the last event,
        // while the flooded screen is covered.
        let input = """
            steps
            wait --until 'Step 16000' --timeout 60
            where
            back
            back
            back
            back
            wait --until 'last view after 20000 updates' --timeout 60
            where

            """
        let result = try flowshell(["--config", try write(home)], input: input, environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                """
                1. Flood (flood.menu)
                2. Steps (flood.steps)
                3. Step 4000 (flood.step, n=4000)
                4. Step 8000 (flood.step, n=8000)
                5. Step 12000 (flood.step, n=12000)
                6. Step 16000 (flood.step, n=16000)

                """), "\(result.output.suffix(2000))")
        // Back on the flooded screen: its last view, and the stack without the steps.
        let last = result.output.range(of: "last view after 20000 updates", options: .backwards)
        #expect(last != nil, "\(result.output.suffix(2000))")
        let afterLast = last.map { String(result.output[$0.upperBound...]) } ?? ""
        #expect(afterLast.contains("1. Flood (flood.menu)\n2. Steps (flood.steps)\n"), "\(afterLast)")
        #expect(!afterLast.contains("3. Step"), "\(afterLast)")
    }
}
