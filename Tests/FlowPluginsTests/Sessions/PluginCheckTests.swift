import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell check` and the shell's start check a flow against its plugins' declarations:
/// from the cache while the plugin's command and files are unchanged, else from the plugin.
@Suite struct PluginCheckTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A copy of the Weather plugin and the helper, and a flow naming it, in `home`.
    private func weatherFlow(in home: URL, extraTransition: String = "") throws -> URL {
        let plugins = home.appendingPathComponent("examples/plugins")
        let helper = home.appendingPathComponent("plugins/python")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: helper, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: FlowShellBinary.repository.appendingPathComponent("examples/plugins/weather.py"),
            to: plugins.appendingPathComponent("weather.py"))
        try FileManager.default.copyItem(
            at: FlowShellBinary.repository.appendingPathComponent("plugins/python/flowshell_plugin.py"),
            to: helper.appendingPathComponent("flowshell_plugin.py"))
        let config = home.appendingPathComponent("examples/weather.json")
        try """
        {
          "app": "weather",
          "root": "cars.list",
          "modules": ["Cars"],
          "plugins": [
            { "module": "Weather", "command": ["python3", "plugins/weather.py"] }
          ],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" },
            { "from": "cars.details", "command": "weather", "to": "weather.forecast", "style": "push" },
            { "from": "weather.forecast", "on": "done", "style": "pop" }\(extraTransition)
          ]
        }
        """.write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    @Test func declarationsComeFromTheCacheUntilThePluginChanges() throws {
        let config = try weatherFlow(in: home)
        let environment = PluginFlows.allowingPlugins(home: home)

        // Live: the plugin is asked, and its answer kept.
        let live = try flowshell(["check", "--config", config.path], environment: environment)
        #expect(!live.output.contains("error"), "\(live.output)")
        #expect(live.status == 0)
        let cache = home.appendingPathComponent("state/flowshell/weather/plugins/Weather.declarations.json")
        #expect(FileManager.default.fileExists(atPath: cache.path))

        // Cached: with the helper it imports gone, the plugin could not answer, yet the check
        // still knows its screens. (The program it runs is part of the key: with no python3 in
        // PATH, it would be asked again.)
        try FileManager.default.removeItem(at: home.appendingPathComponent("plugins/python/flowshell_plugin.py"))
        let cached = try flowshell(["check", "--config", config.path], environment: environment)
        #expect(cached.output == live.output)
        #expect(cached.status == 0)

        // A changed plugin file misses the cache: the plugin is asked again, and cannot answer.
        let script = home.appendingPathComponent("examples/plugins/weather.py")
        try (String(contentsOf: script, encoding: .utf8) + "\n# changed\n").write(to: script, atomically: true, encoding: .utf8)
        let changed = try flowshell(["check", "--config", config.path], environment: environment)
        #expect(changed.status == 1)
        #expect(
            changed.output.hasPrefix(
                "\(config.path):6:5: error: plugins[0]: plugin Weather (python3 plugins/weather.py) exited (exit status 1) before saying hello"
            ),
            "\(changed.output)")
    }

    @Test func transitionsAreCheckedAgainstThePluginsDeclarations() throws {
        let config = try weatherFlow(
            in: home,
            extraTransition: """
                ,
                    { "from": "weather.forecast", "on": "rained", "style": "pop" }
                """)
        let result = try flowshell(["check", "--config", config.path], environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 1)
        #expect(result.output.contains("error: transitions[3].on: 'weather.forecast' never emits 'rained'"), "\(result.output)")
    }

    /// Writes a flow of the car list with one plugin, `entry` (its JSON), as `APP.json`: the
    /// entry stands on line 5 from column 15.
    private func carsFlow(app: String, plugin entry: String) throws -> URL {
        let config = home.appendingPathComponent("\(app).json")
        try """
        {
          "app": "\(app)",
          "root": "cars.list",
          "modules": ["Cars"],
          "plugins": [\(entry)]
        }
        """.write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    @Test func aPluginThatCannotStartStopsTheShellWithOneLine() throws {
        let config = try carsFlow(app: "broken", plugin: #"{ "module": "Weather", "command": ["plugins/nowhere.py"] }"#)
        let result = try flowshell(["--config", config.path], input: "where\n", environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 2)
        #expect(
            result.errors == """
                \(config.path):5:15: error: plugins[0]: plugin Weather (plugins/nowhere.py) cannot start: no such program 'plugins/nowhere.py' (relative to the config's folder)
                \(config.path): the flow has 1 error; not starting

                """)
    }

    @Test func aPluginModuleNamedLikeALinkedOneIsAnErrorOfCheckAndRunAlike() throws {
        let config = try carsFlow(app: "clash", plugin: #"{ "module": "Cars", "command": ["python3", "\#(PluginFlows.fakePlugin)"] }"#)
        let environment = PluginFlows.allowingPlugins(home: home)
        let line =
            "\(config.path):5:27: error: plugins[0].module: 'Cars' is the name of a linked module; a plugin provides a module of another name"
        let check = try flowshell(["check", "--config", config.path], environment: environment)
        #expect(check.status == 1)
        #expect(check.output == "\(line)\n\(config.path): 1 error\n")
        let run = try flowshell(["--config", config.path], input: "where\n", environment: environment)
        #expect(run.status == 2)
        #expect(run.errors == "\(line)\n\(config.path): the flow has 1 error; not starting\n")
    }

    @Test func aScreenIdTakenByALinkedModuleIsReportedAtThePluginsLine() throws {
        let config = try PluginFlows.writeFake(mode: "collide", in: home)
        let check = try flowshell(["check", "--config", config.path], environment: PluginFlows.allowingPlugins(home: home))
        #expect(check.status == 1)
        #expect(
            check.output.contains("\(config.path):6:5: error: plugins[0]: feature id 'cars.details' is registered by both Cars and Fake\n"),
            "\(check.output)")
    }

    @Test func theManifestSaysWhatIsWrongWithAPluginEntry() throws {
        let config = try carsFlow(app: "bad", plugin: #"{ "module": "Weather", "command": [], "timeoutMs": 0, "cmd": "x" }"#)
        let result = try flowshell(["check", "--config", config.path], environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 1)
        #expect(result.output.contains("plugins[0].timeoutMs: must be a whole number of milliseconds from 1 to 600000"))
        #expect(result.output.contains("plugins[0].cmd: unknown key 'cmd'"))
    }
}

/// The declarations' cache keys the program a bare name resolves to in `PATH`, not the name.
@Suite struct PluginCacheKeyTests {
    @Test func aProgramFoundElsewhereInPathIsAskedAgain() throws {
        let (folder, config) = try HostilePluginTests.hostileFlow("echo started >> started")
        defer { try? FileManager.default.removeItem(at: folder) }
        // `runner`, found in PATH, is first one shell, then another: as if upgraded.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let runner = bin.appendingPathComponent("runner")
        try FileManager.default.createSymbolicLink(atPath: runner.path, withDestinationPath: "/bin/dash")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
            of: #"["sh", "plugin.sh"]"#, with: #"["runner", "plugin.sh"]"#)
        try text.write(to: config, atomically: true, encoding: .utf8)
        let environment = PluginFlows.allowingPlugins(
            home: folder, extra: ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        func starts() -> Int {
            ((try? String(contentsOf: folder.appendingPathComponent("started"), encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        #expect(try FlowShellBinary.run(["check", "--config", config.path], input: "", in: folder, environment: environment).status == 0)
        #expect(starts() == 1)
        #expect(try FlowShellBinary.run(["check", "--config", config.path], input: "", in: folder, environment: environment).status == 0)
        #expect(starts() == 1, "unchanged: from the cache")
        try FileManager.default.removeItem(at: runner)
        try FileManager.default.createSymbolicLink(atPath: runner.path, withDestinationPath: "/bin/bash")
        #expect(try FlowShellBinary.run(["check", "--config", config.path], input: "", in: folder, environment: environment).status == 0)
        #expect(starts() == 2, "another program: asked again")
    }
}

/// A plugin must declare, when it starts, what the flow was checked against.
@Suite struct PluginDeclarationsAtRunTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aPluginThatDeclaresOtherScreensThanCheckedIsStoppedAndTheCacheRefreshed() throws {
        let config = home.appendingPathComponent("fake.json")
        try PluginFlows.fake.write(to: config, atomically: true, encoding: .utf8)
        let environment = PluginFlows.allowingPlugins(home: home)
        #expect(try flowshell(["check", "--config", config.path], environment: environment).status == 0)
        // The cache no longer says what the plugin declares (as if edited, or the program changed in place).
        let cache = home.appendingPathComponent("state/flowshell/fake/plugins/Fake.declarations.json")
        let stored = try String(contentsOf: cache, encoding: .utf8)
        #expect(stored.contains(#""title":"Echo""#))
        try stored.replacingOccurrences(of: #""title":"Echo""#, with: #""title":"Tampered""#).write(
            to: cache, atomically: true, encoding: .utf8)

        let refused = try flowshell(["--config", config.path], input: "open /echo/hi\n", environment: environment)
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains(
                "plugin Fake declares other screens than the flow was checked against, so it was stopped; what it declares now is kept: reload (or start the shell again) to check the flow against it"
            ),
            "\(refused.errors)")
        #expect(try String(contentsOf: cache, encoding: .utf8).contains(#""title":"Echo""#), "the cache is refreshed")

        let again = try flowshell(["--config", config.path], input: "open /echo/hi\nwhere\n", environment: environment)
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains("2. Echo hi (fake.echo, word=hi)"))
    }
}
