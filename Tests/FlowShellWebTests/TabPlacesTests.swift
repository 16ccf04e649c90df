@testable import FlowShellWeb
import FlowCoordinator
import Foundation
import Testing

/// Where tabs were is kept on disk, one private file a tab, so that a tab comes back to it
/// after the server restarts; a place nobody comes back to is forgotten after a week.
@MainActor
@Suite struct TabPlacesTests {
    private let tab = String(repeating: "a", count: 32)
    private let rio = NavigationSnapshot(app: "carsharing", screens: [
        NavigationEntry(screen: "cars.list", presentation: .root),
        NavigationEntry(screen: "cars.details", input: ["carID": "rio"], presentation: .pushed),
    ])

    private func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tab-places-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aPlaceOutlivesTheServerThatKeptIt() throws {
        let folder = try scratch() + "/web-tabs"
        TabPlaces(folder: folder).keep(rio, for: tab)
        // Another server on the same folder: the tab comes back to Kia Rio.
        #expect(TabPlaces(folder: folder).place(of: tab) == rio)
        #expect(PrivateFile.permissions(of: folder + "/\(tab).json") == 0o600)
        #expect(PrivateFile.permissions(of: folder) == 0o700)
    }

    @Test func quitForgetsThePlace() throws {
        let places = TabPlaces(folder: try scratch())
        places.keep(rio, for: tab)
        places.forget(tab)
        #expect(places.place(of: tab) == nil)
        #expect(TabPlaces(folder: places.folder).place(of: tab) == nil)
    }

    @Test func aPlaceNotUsedForAWeekIsForgotten() throws {
        let folder = try scratch()
        var now = Date()
        let places = TabPlaces(folder: folder, now: { now })
        places.keep(rio, for: tab)
        now += TabPlaces.keptFor - 60
        #expect(places.place(of: tab) == rio)
        now += 120
        #expect(places.place(of: tab) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func pruningRemovesTheFilesOfPlacesNotUsedForAWeek() throws {
        let folder = try scratch()
        var now = Date()
        let places = TabPlaces(folder: folder, now: { now })
        places.keep(rio, for: tab)
        now += TabPlaces.keptFor + 1
        places.prune()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func withoutAFolderPlacesLastWhileTheServerRuns() {
        let places = TabPlaces(folder: nil)
        places.keep(rio, for: tab)
        #expect(places.place(of: tab) == rio)
        #expect(places.problem == nil)
    }

    @Test func aFolderThatCannotBeWrittenKeepsPlacesInMemoryAndSaysWhy() throws {
        let blocker = try scratch() + "/not-a-folder"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        let places = TabPlaces(folder: blocker + "/web-tabs")
        places.keep(rio, for: tab)
        #expect(places.place(of: tab) == rio)
        #expect(places.problem?.contains("not-a-folder") == true)
        // What is told to every tab names the folder, not this tab's file (named by its id).
        #expect(places.problem?.contains(tab) == false, "\(places.problem ?? "")")
    }

    @Test func aFileThatIsNoPlaceIsForgotten() throws {
        let folder = try scratch()
        _ = FileManager.default.createFile(atPath: folder + "/\(tab).json", contents: Data("{not json".utf8))
        #expect(TabPlaces(folder: folder).place(of: tab) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder + "/\(tab).json"))
    }
}
