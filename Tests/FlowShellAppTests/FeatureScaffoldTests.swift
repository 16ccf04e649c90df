@testable import FlowShell
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell new feature`: what it writes and what it refuses. Building what it writes is
/// done once, by the tutorial (scripts/tests/test_tutorial.py), which `make test` runs.
@Suite struct FeatureScaffoldTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A folder that looks like a FlowShell package: its Package.swift and the kit's folder.
    private func package() throws -> URL {
        try flowShellPackage(making: ["Sources/FlowShellKit", "Features/Cars"])
    }

    @Test func writesOneFilePerScreenAndATestAndKeepsTheListSorted() throws {
        let folder = try package()
        let created = try FeatureScaffold(packageFolder: folder, name: "Bikes", screens: ["bikes.list", "bikes.map"]).create()
        #expect(
            created == [
                "Features/Bikes/Sources/BikesModule.swift",
                "Features/Bikes/Sources/BikesListScreen.swift",
                "Features/Bikes/Tests/BikesListTests.swift",
                "Features/Bikes/Sources/BikesMapScreen.swift",
                "Features/Bikes/Tests/BikesMapTests.swift",
            ])
        let module = try String(contentsOf: folder.appendingPathComponent("Features/Bikes/Sources/BikesModule.swift"), encoding: .utf8)
        #expect(module.contains("public enum BikesModule"))
        #expect(module.contains("screens: [BikesListScreen.self, BikesMapScreen.self]"))
        let screen = try String(contentsOf: folder.appendingPathComponent("Features/Bikes/Sources/BikesListScreen.swift"), encoding: .utf8)
        #expect(screen.components(separatedBy: "\n").count <= 40, "a two-command screen is about 40 lines at most")
        for removed in ["actions = ", "weak var actions", "Builder", "Updater<"] {
            #expect(!screen.contains(removed))
        }
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(FeatureList(manifest: manifest)?.names == ["Auth", "Bikes", "Booking", "Cars"])
        #expect(manifest.contains("let features = [\n    \"Auth\",\n    \"Bikes\",\n    \"Booking\",\n    \"Cars\",\n]"))
    }

    @Test func theDefaultScreenIsNamedAfterTheModule() throws {
        let folder = try package()
        _ = try FeatureScaffold(packageFolder: folder, name: "TripPlanner", screens: []).create()
        let screen = try String(
            contentsOf: folder.appendingPathComponent("Features/TripPlanner/Sources/TripPlannerHomeScreen.swift"), encoding: .utf8)
        #expect(screen.contains("struct TripPlannerHomeScreen: Screen"))
        #expect(screen.contains("static let id = \"tripPlanner.home\""))
    }

    @Test(arguments: [
        ("bikes", [String](), "'bikes' is not a module name: use UpperCamelCase letters and digits, such as Greeting"),
        ("Bikes-2", [], "'Bikes-2' is not a module name: use UpperCamelCase letters and digits, such as Greeting"),
        ("FlowShellKit", [], "'FlowShellKit' is the name of one of FlowShell's own modules"),
        ("Cars", [], "a feature 'Cars' already exists (Features/Cars or the list in Package.swift)"),
        (
            "Bikes", ["Bikes.List"],
            "'Bikes.List' is not a screen id: use words that start in lowercase, joined by dots, such as greeting.home"
        ),
        ("Bikes", ["bikes"], "'bikes' is not a screen id: use words that start in lowercase, joined by dots, such as greeting.home"),
        ("Bikes", ["bikes.list", "bikes.list"], "the screen 'bikes.list' is asked for twice"),
        ("Bikes", ["cars.list"], "the screen 'cars.list' already exists in the Cars module; choose another id"),
    ])
    func refusesWhatWouldNotBuild(name: String, screens: [String], message: String) throws {
        let folder = try package()
        let before = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(throws: FeatureScaffold.Refusal(message: message)) {
            try FeatureScaffold(packageFolder: folder, name: name, screens: screens, existingScreens: ["cars.list": "Cars"]).create()
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) == before, "nothing changed")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Features/\(name)/Sources").path) || name == "Cars")
    }

    @Test func refusesAFolderThatIsNotAFlowShellPackage() throws {
        let result = try flowshell(["new", "feature", "Bikes"])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "error: \(home.path) is not FlowShell or a shell built on it (it needs a Package.swift with a 'let features = [' list, and FlowShellKit among its sources or dependencies)\n"
        )
    }

    @Test func addsAFeatureToAShellOfOnesOwn() throws {
        let app = try flowshell(["new", "app", "notes", "--flowshell", FlowShellBinary.repository.path])
        #expect(app.status == 0, "\(app.errors)")
        let package = home.appendingPathComponent("notes")
        let feature = try flowshell(["new", "feature", "Todo", "--package", package.path])
        #expect(feature.status == 0, "\(feature.errors)")
        // A shell of one's own lists its modules by hand, for both its programs: the next step says where.
        #expect(
            feature.output.contains("Next: in Sources/NotesShell/NotesShell.swift, import Todo and add TodoModule.module to the modules;"),
            "\(feature.output)")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("let features = [\n    \"Notes\",\n    \"Todo\",\n]"))
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent("Features/Todo/Sources/TodoHomeScreen.swift").path))
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent("Features/Todo/Tests/TodoHomeTests.swift").path))
    }

    @Test func aFeatureCannotTakeTheNameOfAnEngineTargetOrOfALibraryTheEngineUses() throws {
        let package = try #require(LayeringTests.package, "swift package describe gave nothing to read")
        let repository = FlowShellBinary.repository
        // The sample features and their libraries are in the folders a new feature goes beside.
        let samples = try ["Features", "Libraries"].flatMap {
            try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent($0).path)
        }
        let names = Set(package.targets.map(\.name) + package.targets.flatMap { $0.productDependencies ?? [] })
            .filter { !$0.hasSuffix("Tests") && !samples.contains($0) && $0.first?.isUppercase == true }
        #expect(names.subtracting(FeatureScaffold.reservedNames).sorted() == [])
    }
}
