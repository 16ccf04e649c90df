import FlowShellServing
import FlowCoordinator
import FlowShellRuntime
import FlowShellTestSupport
import Foundation
import Testing

/// What tabs' sessions knew is kept on disk, one private file a tab, so that a tab comes back to
/// it after the server restarts; a state nobody comes back to is forgotten after a week.
@MainActor
@Suite struct FolderSessionStatesTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    private let tab = String(repeating: "a", count: 32)
    private let rio = SessionState(
        place: NavigationSnapshot(
            app: "carsharing",
            screens: [
                NavigationEntry(screen: "cars.list", presentation: .root),
                NavigationEntry(screen: "cars.details", input: ["carID": "rio"], presentation: .pushed),
            ]), history: ["select rio", "alias two book --hours 2"], aliases: ["two": "book --hours 2"], settings: ["width": "80"])

    @Test func aPlaceOutlivesTheServerThatKeptIt() throws {
        let folder = home.path + "/web-tabs"
        FolderSessionStates(folder: folder).keep(rio, for: tab)
        // Another server on the same folder: the tab comes back to Kia Rio.
        #expect(FolderSessionStates(folder: folder).state(of: tab) == rio)
        #expect(PrivateFile.permissions(of: folder + "/\(tab).json") == 0o600)
        #expect(PrivateFile.permissions(of: folder) == 0o700)
    }

    @Test func quitForgetsThePlace() throws {
        let places = FolderSessionStates(folder: home.path)
        places.keep(rio, for: tab)
        places.forget(tab)
        #expect(places.state(of: tab) == nil)
        #expect(FolderSessionStates(folder: places.folder).state(of: tab) == nil)
    }

    @Test func aPlaceNotUsedForAWeekIsForgotten() throws {
        let folder = home.path
        var now = Date()
        let places = FolderSessionStates(folder: folder, now: { now })
        places.keep(rio, for: tab)
        now += FolderSessionStates.keptFor - 60
        #expect(places.state(of: tab) == rio)
        now += 120
        #expect(places.state(of: tab) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func pruningRemovesTheFilesOfPlacesNotUsedForAWeek() throws {
        let folder = home.path
        var now = Date()
        let places = FolderSessionStates(folder: folder, now: { now })
        places.keep(rio, for: tab)
        now += FolderSessionStates.keptFor + 1
        places.prune()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func withoutAFolderPlacesLastWhileTheServerRuns() {
        let places = FolderSessionStates(folder: nil)
        places.keep(rio, for: tab)
        #expect(places.state(of: tab) == rio)
        #expect(places.problem == nil)
    }

    @Test func aFolderThatCannotBeWrittenKeepsPlacesInMemoryAndSaysWhy() throws {
        let blocker = home.path + "/not-a-folder"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        let places = FolderSessionStates(folder: blocker + "/web-tabs")
        places.keep(rio, for: tab)
        #expect(places.state(of: tab) == rio)
        #expect(places.problem?.contains("not-a-folder") == true)
        // What is told to every tab names the folder, not this tab's file (named by its id).
        #expect(places.problem?.contains(tab) == false, "\(places.problem ?? "")")
    }

    @Test func aFileThatIsNoPlaceIsForgotten() throws {
        let folder = home.path
        _ = FileManager.default.createFile(atPath: folder + "/\(tab).json", contents: Data("{not json".utf8))
        #expect(FolderSessionStates(folder: folder).state(of: tab) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder + "/\(tab).json"))
    }

    @Test func aPlaceKeptBeforeSessionsKeptMoreIsReadAsThePlaceAlone() throws {
        // A server of the last version kept a bare navigation snapshot in the tab's file.
        let folder = home.path
        let encoder = JSONEncoder()
        try encoder.encode(rio.place).write(to: URL(fileURLWithPath: folder + "/\(tab).json"))
        #expect(FolderSessionStates(folder: folder).state(of: tab) == SessionState(place: rio.place))
    }
}
