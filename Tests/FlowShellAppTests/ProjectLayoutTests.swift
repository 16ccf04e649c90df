import CarSharingApp
@testable import FlowCoordinator
import FlowManifest
@testable import FlowShell
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import Testing
@testable import flowshell

/// Keeps the package's hand-kept pieces in step with what they describe.
@Suite struct ProjectLayoutTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    let repository = FlowShellBinary.repository

    @Test func everyFeatureFolderIsInThePackageList() throws {
        let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The list between `let features = [` and the closing bracket.
        let start = try #require(manifest.range(of: "let features = [")).upperBound
        let end = try #require(manifest[start...].range(of: "]")).lowerBound
        let listed = manifest[start..<end].split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\"") else { return nil }
            return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\","))
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Features").path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(listed == listed.sorted(), "keep the features list in Package.swift sorted")
        #expect(
            Set(folders).subtracting(listed).isEmpty,
            "folders under Features/ missing from the list in Package.swift: \(Set(folders).subtracting(listed).sorted())")
        #expect(Set(listed).subtracting(folders).isEmpty, "names in Package.swift with no folder under Features/")
        for folder in folders {
            var isDirectory: ObjCBool = false
            #expect(
                FileManager.default.fileExists(
                    atPath: repository.appendingPathComponent("Features/\(folder)/Sources").path, isDirectory: &isDirectory)
                    && isDirectory.boolValue)
            #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent("Features/\(folder)/Tests").path))
        }
    }

    @Test func readmesArchitectureTableNamesEveryModule() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        // The table of the section `## Architecture`, up to the next section.
        let start = try #require(readme.range(of: "\n## Architecture\n")).upperBound
        let table = readme[start...].split(separator: "\n").prefix { !$0.hasPrefix("## ") }
            .filter { $0.hasPrefix("| `") }.joined(separator: "\n")
        // The Swift modules under Sources/; the C shims and the build tool are parts of the modules that use them.
        let modules = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix("C") && $0 != "FlowShellSourceGenerator" }
        #expect(modules.count >= 10)
        for module in modules {
            #expect(table.contains("`\(module)`"), "README's architecture table does not name \(module)")
        }
    }

    @Test func noSourceUsesTheStandardLibrarysPrivateInterfaces() throws {
        let sources = repository.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("@_spi"), "Sources/\(file) imports a non-public interface (@_spi)")
        }
    }

    @Test func theBuiltInFlowIsTheRepositorysConfig() throws {
        let file = try ManifestLoader.load(path: repository.appendingPathComponent("config.json").path, displayName: "config.json")
        let builtIn = try ConfigSource.builtIn(CarSharingFlow.json).load()
        // Same flow; only where each value was written differs ($schema shifts the lines).
        #expect(builtIn.app == file.app)
        #expect(builtIn.root == file.root)
        #expect(builtIn.modules == file.modules)
        #expect(builtIn.transitions == file.transitions)
        #expect(builtIn.flows == file.flows)
        #expect(builtIn.guards == file.guards)
        #expect(builtIn.links == file.links)
        #expect(
            builtIn.examples.map { [$0.screen, $0.command] + $0.arguments } == file.examples.map { [$0.screen, $0.command] + $0.arguments })
    }

    @Test(arguments: ["config.json", "examples/modal-details.json"])
    func theRepositorysFlowsStartWithoutAWord(path: String) throws {
        let result = try flowshell(["--config", repository.appendingPathComponent(path).path], input: "quit\n")
        #expect(result.status == 0)
        #expect(result.errors == "", "warnings or errors for \(path)")
    }

    @Test func aBrokenConfigStopsTheShellWithEveryProblem() throws {
        let broken = """
            {
              "app": "carsharing",
              "root": "cars.lst",
              "modules": ["Cars", "Bookings"],
              "transitions": [
                { "from": "cars.list", "on": "selected", "to": "cars.details", "stlye": "push" }
              ]
            }
            """
        try Data(broken.utf8).write(to: home.appendingPathComponent("config.json"))
        let result = try flowshell([], input: "where\n")
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(
            result.errors == """
                config.json:3:11: error: root: unknown feature 'cars.lst' — did you mean 'cars.list'?
                config.json:4:23: error: modules[1]: unknown module 'Bookings' — did you mean 'Booking'?; linked modules: Auth, Booking, Cars
                config.json:6:5: error: transitions[0]: missing required key 'style'
                config.json:6:68: error: transitions[0].stlye: unknown key 'stlye' — did you mean 'style'?; allowed here: from, on, command, summary, to, flow, style, requires
                config.json: the flow has 4 errors; not starting

                """)

        let fixed = broken.replacingOccurrences(of: "stlye", with: "style")
        try Data(fixed.utf8).write(to: home.appendingPathComponent("config.json"))
        let second = try flowshell([], input: "where\n")
        #expect(second.status == 2)
        #expect(
            second.errors == """
                config.json:3:11: error: root: unknown feature 'cars.lst' — did you mean 'cars.list'?
                config.json:4:23: error: modules[1]: unknown module 'Bookings' — did you mean 'Booking'?; linked modules: Auth, Booking, Cars
                config.json: the flow has 2 errors; not starting

                """)
    }

    @Test func aMissingOrMalformedConfigIsNamed() throws {
        let missing = try flowshell(["--config", "nowhere.json"])
        #expect(missing.status == 2)
        #expect(missing.errors == "nowhere.json: error: cannot read the flow config: no such file\n")

        try Data("{\n  \"app\": \"x\",\n".utf8).write(to: home.appendingPathComponent("cut.json"))
        let cut = try flowshell(["--config", "cut.json"])
        #expect(cut.status == 2)
        #expect(
            cut.errors
                == "cut.json:3:1: error: malformed JSON: unexpected end of file; expected a key in double quotes\ncut.json: the flow has 1 error; not starting\n"
        )
    }
}
