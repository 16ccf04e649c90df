@testable import FlowShell
import Foundation
import Testing

/// `flowshell new feature`: what it writes and what it refuses. Building what it writes is
/// done once, by the tutorial (scripts/run_tutorial.py), which `make test` runs.
@Suite struct FeatureScaffoldTests {
    /// A folder that looks like a FlowShell package: its Package.swift and the kit's folder.
    private func package() throws -> URL {
        let folder = try FlowShellBinary.temporaryFolder()
        let manifest = try String(contentsOf: FlowShellBinary.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/FlowShellKit"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Features/Cars"), withIntermediateDirectories: true)
        return folder
    }

    @Test func writesEachRoleAndATestAndKeepsTheListSorted() throws {
        let folder = try package()
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try FeatureScaffold(packageFolder: folder, name: "Bikes", screens: ["bikes.list", "bikes.map"]).create()
        #expect(created == [
            "Features/Bikes/Sources/BikesModule.swift",
            "Features/Bikes/Sources/BikesList/BikesListState.swift",
            "Features/Bikes/Sources/BikesList/BikesListActions.swift",
            "Features/Bikes/Sources/BikesList/BikesListUpdater.swift",
            "Features/Bikes/Sources/BikesList/BikesListFeature.swift",
            "Features/Bikes/Sources/BikesList/BikesListBuilder.swift",
            "Features/Bikes/Tests/BikesListTests.swift",
            "Features/Bikes/Sources/BikesMap/BikesMapState.swift",
            "Features/Bikes/Sources/BikesMap/BikesMapActions.swift",
            "Features/Bikes/Sources/BikesMap/BikesMapUpdater.swift",
            "Features/Bikes/Sources/BikesMap/BikesMapFeature.swift",
            "Features/Bikes/Sources/BikesMap/BikesMapBuilder.swift",
            "Features/Bikes/Tests/BikesMapTests.swift",
        ])
        let module = try String(contentsOf: folder.appendingPathComponent("Features/Bikes/Sources/BikesModule.swift"), encoding: .utf8)
        #expect(module.contains("public enum BikesModule: FeatureModule"))
        #expect(module.contains("[BikesListBuilder.registration(), BikesMapBuilder.registration()]"))
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(FeatureList(manifest: manifest)?.names == ["Auth", "Bikes", "Booking", "Cars"])
        #expect(manifest.contains("let features = [\n    \"Auth\",\n    \"Bikes\",\n    \"Booking\",\n    \"Cars\",\n]"))
    }

    @Test func theDefaultScreenIsNamedAfterTheModule() throws {
        let folder = try package()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try FeatureScaffold(packageFolder: folder, name: "TripPlanner", screens: []).create()
        let builder = try String(contentsOf: folder.appendingPathComponent("Features/TripPlanner/Sources/TripPlannerHome/TripPlannerHomeBuilder.swift"), encoding: .utf8)
        #expect(builder.contains("nonisolated static let id") == false)
        let feature = try String(contentsOf: folder.appendingPathComponent("Features/TripPlanner/Sources/TripPlannerHome/TripPlannerHomeFeature.swift"), encoding: .utf8)
        #expect(feature.contains("nonisolated static let id = \"tripPlanner.home\""))
    }

    @Test(arguments: [
        ("bikes", [String](), "'bikes' is not a module name: use UpperCamelCase letters and digits, such as Greeting"),
        ("Bikes-2", [], "'Bikes-2' is not a module name: use UpperCamelCase letters and digits, such as Greeting"),
        ("FlowShellKit", [], "'FlowShellKit' is the name of one of FlowShell's own modules"),
        ("Cars", [], "a feature 'Cars' already exists (Features/Cars or the list in Package.swift)"),
        ("Bikes", ["Bikes.List"], "'Bikes.List' is not a screen id: use words that start in lowercase, joined by dots, such as greeting.home"),
        ("Bikes", ["bikes"], "'bikes' is not a screen id: use words that start in lowercase, joined by dots, such as greeting.home"),
        ("Bikes", ["bikes.list", "bikes.list"], "the screen 'bikes.list' is asked for twice"),
    ])
    func refusesWhatWouldNotBuild(name: String, screens: [String], message: String) throws {
        let folder = try package()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(throws: FeatureScaffold.Refusal(message: message)) {
            try FeatureScaffold(packageFolder: folder, name: name, screens: screens).create()
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) == before, "nothing changed")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Features/\(name)/Sources").path) || name == "Cars")
    }

    @Test func refusesAFolderThatIsNotAFlowShellPackage() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try FlowShellBinary.run(["new", "feature", "Bikes"], input: "", in: folder, environment: FlowShellBinary.environment(home: folder))
        #expect(result.status == 2)
        #expect(result.errors == "error: \(folder.path) is not a FlowShell package (it needs a Package.swift with a 'let features = [' list and Sources/FlowShellKit)\n")
    }
}
