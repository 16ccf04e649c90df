@testable import FlowShell
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell new plugin`: what it writes, that a Python one passes its test and runs as a
/// flow's root at once, and what it refuses.
@Suite struct PluginScaffoldTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A folder that looks like a FlowShell package: its Package.swift and the Python helper.
    private func package() throws -> URL {
        try flowShellPackage(copying: ["plugins/python/flowshell_plugin.py"])
    }

    private func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aPythonPluginPassesItsTestAndRunsAsTheRoot() throws {
        let folder = try package()
        let result = try FlowShellBinary.run(
            ["new", "plugin", "BikeShare", "--language", "python", "--package", folder.path], input: "",
            in: folder, environment: FlowShellBinary.environment(home: folder))
        #expect(result.status == 0)
        #expect(result.output.contains("plugins/BikeShare/bike_share.py"))
        #expect(result.output.contains(#"{ "module": "BikeShare", "command": ["python3", "plugins/BikeShare/bike_share.py"] }"#))
        #expect(try run(["python3", "-m", "unittest", "discover", "plugins/BikeShare"], in: folder) == 0)

        let config = folder.appendingPathComponent("config.json")
        try """
        {
          "app": "bikes",
          "root": "bikeShare.home",
          "modules": [],
          "plugins": [{ "module": "BikeShare", "command": ["python3", "plugins/BikeShare/bike_share.py"] }],
          "transitions": [{ "from": "bikeShare.home", "on": "finished", "to": "bikeShare.home", "style": "root" }]
        }
        """.write(to: config, atomically: true, encoding: .utf8)
        // Trusted as its author would, so that its program may run.
        let trusted = try FlowShellBinary.run(
            ["trust", "--config", config.path], input: "", in: folder,
            environment: FlowShellBinary.environment(home: folder))
        #expect(trusted.status == 0)
        #expect(trusted.output.contains("  BikeShare: python3 plugins/BikeShare/bike_share.py ("))
        let session = try FlowShellBinary.run(
            ["--config", config.path], input: "greet\nhelp\n", in: folder,
            environment: FlowShellBinary.environment(home: folder))
        #expect(session.errors == "")
        #expect(session.status == 0)
        #expect(session.output.contains("Hello from bikeShare.home"))
        #expect(session.output.contains("greeted 1 time\n"))
        #expect(session.output.contains("  greet"))
    }

    @Test func aSwiftPluginIsAPackageWhoseScreenIsAnOrdinaryScreen() throws {
        let folder = try package()
        let scaffold = PluginScaffold(packageFolder: folder, name: "Parking", language: .swift, existingScreens: [:])
        #expect(
            try scaffold.create() == [
                "plugins/Parking/Package.swift",
                "plugins/Parking/Sources/Parking/ParkingModule.swift",
                "plugins/Parking/Sources/Parking/ParkingHomeScreen.swift",
                "plugins/Parking/Sources/ParkingPlugin/main.swift",
                "plugins/Parking/Tests/ParkingTests/ParkingHomeTests.swift",
            ])
        let main = try String(
            contentsOf: folder.appendingPathComponent("plugins/Parking/Sources/ParkingPlugin/main.swift"), encoding: .utf8)
        #expect(main.contains("exit(await PluginServer.run([ParkingModule.module]))"))
        let manifest = try String(contentsOf: folder.appendingPathComponent("plugins/Parking/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".executableTarget(name: "parking-plugin""#))
        #expect(manifest.contains(#".product(name: "FlowShellPlugin", package: "\#(folder.lastPathComponent)")"#))
        #expect(scaffold.configEntry == #"{ "module": "Parking", "command": ["plugins/Parking/.build/debug/parking-plugin"] }"#)
    }

    @Test func refusesWhatCannotBeAPlugin() throws {
        let folder = try package()
        func refusal(_ name: String, _ language: PluginScaffold.Language = .python, existing: [String: String] = [:]) -> String? {
            do {
                _ = try PluginScaffold(packageFolder: folder, name: name, language: language, existingScreens: existing).create()
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal("weather") == "'weather' is not a module name: use UpperCamelCase letters and digits, such as Weather")
        #expect(refusal("FlowPlugins") == "'FlowPlugins' is the name of one of FlowShell's own modules")
        #expect(
            refusal("Cars", existing: ["cars.home": "Cars"])
                == "the screen 'cars.home' already exists in the Cars module; choose another name")
        #expect(refusal("Weather") == nil)
        #expect(refusal("Weather", .swift) == "plugins/Weather exists already")

        let result = try FlowShellBinary.run(
            ["new", "plugin", "Radar", "--language", "ruby", "--package", folder.path], input: "",
            in: folder, environment: FlowShellBinary.environment(home: folder))
        #expect(result.status == 2)
        #expect(result.errors == "error: no language 'ruby' for plugins; use python or swift\n")
    }
}
