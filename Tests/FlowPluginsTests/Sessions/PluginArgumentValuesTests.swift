import FlowShellTestSupport
import Foundation
import Testing

/// A plugin command's argument that declares its values takes only those: another word is
/// refused with the command's usage before the plugin is asked.
@Suite struct PluginArgumentValuesTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aWordThatIsNoneOfTheValuesNeverReachesThePlugin() throws {
        let plugin = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/plugins/swatches.py").path
        let log = home.appendingPathComponent("commands.log").path
        let config = home.appendingPathComponent("flow.json")
        try """
        {
          "app": "swatches", "root": "cars.list", "modules": ["Cars"],
          "plugins": [{ "module": "Swatches", "command": ["python3", "\(plugin)", "\(log)"], "timeoutMs": 60000 }],
          "transitions": [
            { "from": "cars.list", "command": "swatches", "to": "swatch.board", "style": "push" },
            { "from": "swatch.board", "on": "finished", "style": "pop" }
          ]
        }
        """.write(to: config, atomically: true, encoding: .utf8)
        let result = try flowshell(
            ["--config", config.path], input: "swatches\npaint blue\npaint green\nlabel any text\n",
            environment: PluginFlows.allowingPlugins(home: home))
        // The flow's own warnings aside (it leaves screens unreached).
        let failures = result.errors.split(separator: "\n").filter { $0.hasPrefix("✗") }
        #expect(failures == ["✗ line 2: COLOUR must be red or green, not 'blue' — usage: paint COLOUR"])
        #expect(
            try String(contentsOfFile: log, encoding: .utf8) == "paint green\nlabel any text\n",
            "the plugin was asked only the declared value")
    }
}
