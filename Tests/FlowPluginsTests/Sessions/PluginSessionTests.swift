import FlowShellTestSupport
import Foundation
import Testing

/// The example plugins and the fake one through the real binary, piped: their screens are
/// reached by the flow, shown, listed by help and where, recorded and replayed, and no plugin
/// process outlives the shell.
@Suite struct PluginSessionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// Runs `script` on the example plugins' flow, which must end well (status 0, nothing on
    /// standard error), and returns the lines it printed.
    private func linesOfExamples(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try PluginFlows.runExamples(script, in: home)
        #expect(result.errors == "", sourceLocation: sourceLocation)
        #expect(result.status == 0, sourceLocation: sourceLocation)
        return result.output.components(separatedBy: "\n")
    }

    @Test func theExamplePluginsAreReachedFromACarsDetails() throws {
        let script = """
            select rio
            help
            weather
            days 5
            where
            done
            trip
            add Berlin Mitte
            add Potsdam
            back
            quit
            """
        let lines = try linesOfExamples(script)
        // help lists the config's commands to the plugin screens.
        #expect(lines.contains { $0.hasPrefix("  weather") && $0.contains("The weather where this car is") })
        #expect(lines.contains { $0.hasPrefix("  trip") && $0.contains("Plan a trip with this car") })
        // The Python plugin's screen, its table, its command.
        #expect(lines.contains("Weather near rio"))
        #expect(lines.contains("3-day forecast"))
        #expect(lines.contains("5-day forecast"))
        #expect(lines.contains("3. Weather near rio (weather.forecast, carID=rio)"))
        // The Swift plugin's screen: the same Screen type as a linked one.
        #expect(lines.contains("Trip with rio"))
        #expect(lines.contains("2. Potsdam"))
        #expect(lines.last(where: { $0.hasPrefix("commands:") }) == "commands: book, weather, trip — help for more")

        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(started.count == 2)
        #expect(!started.contains(where: PluginFlows.exists), "no plugin outlives the shell")
    }

    @Test func theWeatherExamplesWindChangesByItself() throws {
        let script = """
            select rio
            weather
            now
            wait --until "Readings: 2"
            done
            where
            """
        let lines = try linesOfExamples(script)
        // The plugin pushed each reading unasked; the script waited for the second.
        #expect(lines.contains("Wind near rio"))
        #expect(lines.contains("Readings: 0") && lines.contains("Readings: 1") && lines.contains("Readings: 2"))
        #expect(lines.suffix(2) == ["3. Weather near rio (weather.forecast, carID=rio)", ""], "done went back to the forecast")
    }

    @Test func pluginScreensAreInTheJSONOutput() throws {
        let result = try PluginFlows.runExamples("select zoe\nweather\ndays 2\n", in: home, arguments: ["--output", "json"])
        #expect(result.status == 0)
        let screens = result.output.split(separator: "\n").filter { $0.contains("\"screen\":\"weather.forecast\"") }
        #expect(screens.count == 2)
        #expect(screens.last?.contains("\"title\":\"Weather near zoe\"") == true)
        #expect(screens.last?.contains("\"status\":\"2-day forecast\"") == true)
    }

    @Test func aSessionWithPluginsReplaysWithoutDifference() throws {
        let file = home.appendingPathComponent("session.jsonl")
        let environment = PluginFlows.allowingPlugins(home: home)
        let recorded = try flowshell(
            ["--config", PluginFlows.examples, "--fresh", "--record", file.path],
            input: "select rio\nweather\ndays 4\nback\ntrip\nadd Spandau\n", environment: environment)
        #expect(recorded.status == 0)
        let replay = try flowshell(["replay", file.path, "--config", PluginFlows.examples], environment: environment)
        #expect(replay.errors == "")
        #expect(replay.status == 0)
        #expect(replay.output.hasSuffix("no difference\n"))
    }

    @Test func aCrashClosesThePluginsScreensAndItStartsAgainOnNextUse() throws {
        let result = try PluginFlows.runFake("open /echo/one\necho louder\ncrash\nwhere\nopen /echo/two\nwhere\n", in: home)
        #expect(result.status == 1)
        let log = home.appendingPathComponent("state/flowshell/fake/plugins/Fake.log").path
        #expect(
            result.errors.contains(
                "✗ line 3: plugin Fake stopped (exit status 3); its screens are closed, and it starts again when next used (its log: \(log))\n"
            ))
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.contains("Echo louder"))
        // Closed back to the car list, then opened again in a new process.
        let stacks = lines.filter { $0.hasPrefix("1. ") || $0.hasPrefix("2. ") }
        #expect(stacks == ["1. Cars (cars.list)", "1. Cars (cars.list)", "2. Echo two (fake.echo, word=two)"])
        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(started.count == 2)
        #expect(!started.contains(where: PluginFlows.exists))
    }

    @Test func aLinkParameterIsLookedUpByThePlugin() throws {
        let result = try PluginFlows.runFake("open /code/abc\nwhere\nopen /code/bad\nwhere\n", in: home)
        #expect(result.status == 1)
        #expect(result.errors.contains("no word has the code 'bad'"), "\(result.errors)")
        let stacks = result.output.components(separatedBy: "\n").filter { $0.hasPrefix("2. ") }
        #expect(stacks == ["2. Echo word-abc (fake.echo, word=word-abc)", "2. Echo word-abc (fake.echo, word=word-abc)"])
    }

    @Test func graphMarksPluginModules() throws {
        let result = try flowshell(["graph", "--config", PluginFlows.examples], environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 0)
        #expect(result.output.contains("subgraph n_Weather[\"Weather (plugin)\"]"))
        #expect(result.output.contains("subgraph n_Trips[\"Trips (plugin)\"]"))
        #expect(result.output.contains("n_cars_details -->|\"› weather · push\"| n_weather_forecast"))
    }

    /// The Node.js example, written from the protocol alone: its screen, a rest argument, an
    /// error shown as it is, an event the flow routes.
    @Test(.enabled(if: PluginFlows.hasNode, "node is not in PATH"))
    func theNodeExamplePluginKeepsNotesAboutACar() throws {
        let result = try flowshell(
            ["--config", PluginFlows.nodeExample],
            input: "select rio\nnotes\nadd check the tyres\nadd wash\nremove 7\nremove 1\nadd\nwhere\ndone\nwhere\n",
            environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 1, "two commands failed: remove 7, and add with no text")
        #expect(result.errors.contains("✗ line 5: no note 7: there are 2\n"), "\(result.errors)")
        // A required rest argument needs a word, as a linked screen's required argument does.
        #expect(result.errors.contains("✗ line 7: missing TEXT — usage: add TEXT"), "\(result.errors)")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.contains("Notes for rio"))
        #expect(lines.contains("No notes yet: add one with 'add TEXT'."))
        #expect(lines.contains("1. check the tyres"))
        #expect(lines.contains("2 notes"))
        #expect(lines.contains("1. wash"))
        #expect(lines.contains("3. Notes for rio (notes.list, carID=rio)"))
        #expect(lines.last(where: { $0.hasPrefix("2. ") }) == "2. Kia Rio (cars.details, carID=rio)", "done went back")
        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(started.count == 1)
        #expect(!started.contains(where: PluginFlows.exists), "no plugin outlives the shell")
    }
}
