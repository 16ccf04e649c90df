import FlowShellTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The example plugins' flow and flows of the fake plugin, for the end-to-end tests.
enum PluginFlows {
    /// `examples/plugins.json`: the car-sharing flow with the Weather (Python) and Trips (Swift) plugins.
    static let examples = FlowShellBinary.repository.appendingPathComponent("examples/plugins.json").path

    /// `examples/node.json`: the car-sharing flow with the Node.js example plugin, Notes.
    static let nodeExample = FlowShellBinary.repository.appendingPathComponent("examples/node.json").path

    /// Whether `node` is in `PATH`: the Node.js example's test runs only then (CI has it).
    static let hasNode: Bool = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
        FileManager.default.isExecutableFile(atPath: "\(folder)/node")
    }

    /// A flow of one plugin of FlowShellTestSupport's fixtures (`Fixtures/plugins/FILE`, run by
    /// python3 with a minute to answer) as the module `module`: the app `app` starting at `root`,
    /// with `transitions` (JSON objects).
    static func fixtureFlow(app: String, root: String, module: String, file: String, transitions: [String]) -> String {
        let plugin = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/plugins/\(file)").path
        return """
            {
              "app": "\(app)",
              "root": "\(root)",
              "modules": [],
              "plugins": [
                { "module": "\(module)", "command": ["python3", "\(plugin)"], "timeoutMs": 60000 }
              ],
              "transitions": [
                \(transitions.joined(separator: ",\n    "))
              ]
            }
            """
    }

    /// The shell at a pseudo-terminal of `rows`×`columns` with `arguments`, in `home`, where
    /// plugins are allowed and colour is off (the tests read the text).
    static func terminal(_ arguments: [String], home: URL, rows: Int = 40, columns: Int = 100) throws -> PseudoTerminal {
        try PseudoTerminal.flowshell(
            arguments, home: home, environment: allowingPlugins(home: home, extra: ["NO_COLOR": "1"]), rows: rows, columns: columns)
    }

    /// Writes ``fake`` with the fake plugin started as `python3 fake_plugin.py MODE` (what it
    /// does wrong, or otherwise) as `flow.json` in `home`; returns where.
    static func writeFake(mode: String, in home: URL) throws -> URL {
        let config = home.appendingPathComponent("flow.json")
        try fake.replacingOccurrences(of: #""\#(fakePlugin)"]"#, with: #""\#(fakePlugin)", "\#(mode)"]"#)
            .write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    /// Runs ``fake``, written as `fake.json` in `home`, with `input` piped in, plugins allowed.
    static func runFake(_ input: String, in home: URL) throws -> FlowShellBinary.Result {
        let config = home.appendingPathComponent("fake.json")
        try fake.write(to: config, atomically: true, encoding: .utf8)
        return try FlowShellBinary.run(["--config", config.path], input: input, in: home, environment: allowingPlugins(home: home))
    }

    /// Writes `config` as the file `name` in `home`; returns its path.
    static func write(_ config: String, as name: String, in home: URL) throws -> String {
        let path = home.appendingPathComponent(name).path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The fake plugin of the protocol tests.
    static let fakePlugin = FlowShellBinary.repository.appendingPathComponent("Tests/FlowPluginsTests/Fixtures/fake_plugin.py").path

    /// A flow whose link `/echo/:word` opens the fake plugin's screen above the car list, and
    /// `/code/:code` too, once the plugin has looked the code up.
    static let fake = """
        {
          "app": "fake",
          "root": "cars.list",
          "modules": ["Cars"],
          "plugins": [
            { "module": "Fake", "command": ["python3", "\(fakePlugin)"], "timeoutMs": 60000 }
          ],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" },
            { "from": "fake.echo", "on": "done", "style": "pop" }
          ],
          "links": { "/echo/:word": ["cars.list", "fake.echo"], "/code/:code": ["cars.list", "fake.echo"] }
        }
        """

    /// The environment of a run whose plugins may start without their config being trusted
    /// (`FLOWSHELL_ALLOW_PLUGINS=1`, the one-run opt-in): the tests' own configs go through the
    /// same door as anyone's.
    static func allowingPlugins(home: URL, extra: [String: String] = [:]) -> [String: String] {
        FlowShellBinary.environment(home: home, extra: extra.merging(["FLOWSHELL_ALLOW_PLUGINS": "1"]) { $1 })
    }

    /// The shell on the example plugins' flow (`--config examples/plugins.json`, then
    /// `arguments`), piped `script`, in `home`, its plugins allowed to start.
    static func runExamples(_ script: String, in home: URL, arguments: [String] = []) throws -> FlowShellBinary.Result {
        try FlowShellBinary.run(
            ["--config", examples] + arguments, input: script, in: home, environment: allowingPlugins(home: home))
    }

    /// The process ids a state folder's plugin logs say were started.
    static func startedProcesses(in state: URL) -> [Int32] {
        let folder = state.appendingPathComponent("flowshell")
        guard let apps = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var pids: [Int32] = []
        for app in apps {
            let logs = folder.appendingPathComponent(app).appendingPathComponent("plugins")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: logs.path)) ?? [] where file.hasSuffix(".log") {
                let text = (try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n") {
                    if let range = line.range(of: " as process ") { pids.append(Int32(line[range.upperBound...]) ?? 0) }
                }
            }
        }
        return pids
    }

    /// Whether a process with this id exists.
    static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0
    }
}
