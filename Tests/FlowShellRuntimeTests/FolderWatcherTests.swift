import FlowShellKit
@testable import FlowShellRuntime
import Foundation
import Synchronization
import Testing

/// The one watcher of folders: what the kernel reports, what it looks at once a second when
/// the kernel refuses, a database's version, and what it says about a refusal. Each test waits
/// for the change it causes (a minute at most, a bound on liveness only), never for time.
@Suite(.timeLimit(.minutes(5))) struct FolderWatcherTests {
    /// A folder of the test's own, removed at the end.
    final class Folder {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-watch-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
        }
    }

    /// The changes a follower is told of, as a stream the test waits on.
    struct Changes: Sendable {
        let stream: AsyncStream<Void>
        let continuation: AsyncStream<Void>.Continuation

        init() {
            (stream, continuation) = AsyncStream<Void>.makeStream()
        }

        var onChange: @Sendable () -> Void { { [continuation] in continuation.yield() } }

        /// Waits for the next change.
        func next() async throws {
            try await withThrowingTaskGroup(of: Bool.self) { [stream] group in
                group.addTask {
                    for await _ in stream { return true }
                    return false
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(60))
                    return false
                }
                let told = try await group.next() ?? false
                group.cancelAll()
                #expect(told, "a change is told within a minute")
            }
        }
    }

    /// Whether this user may have an inotify instance now: a machine whose instances are used
    /// up (the case the fallback is for) cannot run the tests of what the kernel reports.
    static let kernelWatches: Bool = {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }()

    @Test(.enabled(if: kernelWatches, "this user's inotify instances are used up"))
    func aFileWrittenInTheFolderIsToldOfByTheKernel() async throws {
        let folder = try Folder()
        let watcher = FolderWatcher(refusingWith: nil)
        let changes = Changes()
        let following = watcher.follow(folder.path, onChange: changes.onChange)
        defer { following.cancel() }
        try folder.write("bookings.sqlite-wal", "frames")
        try await changes.next()
    }

    @Test func whenTheKernelRefusesTheFolderIsLookedAtAndTheRefusalSaidOnce() async throws {
        let folder = try Folder()
        let watcher = FolderWatcher(refusingWith: EMFILE)
        let said = Mutex<[String]>([])
        watcher.reportRefusals { message in said.withLock { $0.append(message) } }
        let changes = Changes()
        let following = watcher.follow(folder.path, onChange: changes.onChange)
        let other = watcher.follow(folder.path, names: ["config.json"], writesInProgress: false) {}
        defer {
            following.cancel()
            other.cancel()
        }
        try folder.write("bookings.sqlite", "a new file")
        try await changes.next()
        // The same file written again, its size the same: its time tells.
        try folder.write("bookings.sqlite", "a new text")
        try await changes.next()
        #expect(
            said.withLock { $0 } == [
                "the system refused to watch files for changes: this user's inotify instances are used up (fs.inotify.max_user_instances) — checking for changes once a second instead"
            ])
    }

    @Test func aRefusalBeforeAnyoneListensIsSaidWhenOneDoes() throws {
        let folder = try Folder()
        let watcher = FolderWatcher(refusingWith: ENFILE)
        let following = watcher.follow(folder.path) {}
        defer { following.cancel() }
        let said = Mutex<[String]>([])
        watcher.reportRefusals { message in said.withLock { $0.append(message) } }
        #expect(
            said.withLock { $0 } == [
                "the system refused to watch files for changes: it has too many files open — checking for changes once a second instead"
            ])
    }

    @Test(.enabled(if: kernelWatches, "this user's inotify instances are used up"))
    func onlyTheNamedFileMattersAndOnlyOnceWrittenWhole() async throws {
        let folder = try Folder()
        try folder.write("config.json", "{}")
        let watcher = FolderWatcher(refusingWith: nil)
        // One follower takes a write in progress (a database's journal), the other only a file
        // written whole (a config, read once it is): both hear of the same events, in one pass.
        let whole = Changes(), partial = Changes()
        let toldWhole = Mutex(0)
        let wholeFollowing = watcher.follow(folder.path, names: ["config.json"], writesInProgress: false) {
            toldWhole.withLock { $0 += 1 }
            whole.onChange()
        }
        let partialFollowing = watcher.follow(folder.path, names: ["config.json"], onChange: partial.onChange)
        defer {
            wholeFollowing.cancel()
            partialFollowing.cancel()
        }
        // Only the kernel tells a write in progress from a whole one; when it refused this
        // watcher (the suite's other tests hold the user's inotify instances), the folder is
        // looked at once a second and there is nothing here to test.
        let refusals = Mutex<[String]>([])
        watcher.reportRefusals { refusal in refusals.withLock { $0.append(refusal) } }
        if let refusal = refusals.withLock({ $0.first }) { try Test.cancel(Comment(rawValue: refusal)) }
        try folder.write("notes.txt", "another file")
        let descriptor = open(folder.path + "/config.json", O_WRONLY | O_APPEND)
        #expect(descriptor >= 0)
        _ = " ".withCString { write(descriptor, $0, strlen($0)) }
        try await partial.next()
        #expect(toldWhole.withLock { $0 } == 0, "neither another file nor a write in progress is told")
        close(descriptor)
        try await whole.next()
    }

    @Test(.enabled(if: kernelWatches, "this user's inotify instances are used up"))
    func aVersionThatMovesAfterTheKernelReportedIsStillTold() async throws {
        // A database writes its journal (the kernel reports it) before the change is visible to
        // another connection: the version read at once has not moved yet. Here it moves from
        // the third reading on — the start's, the report's, and the first read after a pause —
        // and one event is reported (a file removed), read in one pass.
        let folder = try Folder()
        try folder.write("bookings.sqlite-wal", "frames")
        let watcher = FolderWatcher(refusingWith: nil)
        let readings = Mutex(0)
        let changes = Changes()
        let following = watcher.follow(
            folder.path,
            version: {
                readings.withLock { count in
                    count += 1
                    return count >= 3 ? 2 : 1
                }
            }, onChange: changes.onChange)
        defer { following.cancel() }
        try FileManager.default.removeItem(atPath: folder.path + "/bookings.sqlite-wal")
        try await changes.next()
        #expect(readings.withLock { $0 } == 3)
    }

    @Test func whenTheKernelRefusesAVersionThatMovesIsTold() async throws {
        // No file changes that the stamps can see (a time within the same tick, the same
        // size): the version alone tells.
        let folder = try Folder()
        let watcher = FolderWatcher(refusingWith: EMFILE)
        let version = Mutex(1)
        let changes = Changes()
        let following = watcher.follow(folder.path, version: { version.withLock { $0 } }, onChange: changes.onChange)
        defer { following.cancel() }
        version.withLock { $0 = 2 }
        try await changes.next()
    }

    @Test func aFolderThatIsNotThereYetIsFollowedOnceItIs() async throws {
        let parent = try Folder()
        let path = parent.path + "/data"
        let watcher = FolderWatcher(refusingWith: nil)
        let changes = Changes()
        let following = watcher.follow(path, onChange: changes.onChange)
        defer { following.cancel() }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try await changes.next()
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/bookings.sqlite"))
        try await changes.next()
    }

    @Test(.enabled(if: kernelWatches, "this user's inotify instances are used up"))
    func atExitTheKernelsDescriptorIsGivenUpWhenItHasWatched() throws {
        let folder = try Folder()
        let watching = FolderWatcher(refusingWith: nil)
        let following = watching.follow(folder.path) {}
        defer { following.cancel() }
        let descriptor = try #require(watching.endForExit())
        #expect(fcntl(descriptor, F_GETFD) >= 0, "left open, for the process it is handed to")
        close(descriptor)
        // A watch removed just before exit (the config's, as the shell ends) is as slow to
        // close: the descriptor is given up too.
        let removed = FolderWatcher(refusingWith: nil)
        removed.follow(folder.path) {}.cancel()
        let removedDescriptor = try #require(removed.endForExit())
        close(removedDescriptor)
        // Nothing to hand over when the kernel never watched: a folder not there yet, a refusal.
        let absent = FolderWatcher(refusingWith: nil)
        let waiting = absent.follow(folder.path + "/not-yet") {}
        defer { waiting.cancel() }
        #expect(absent.endForExit() == nil)
        #expect(FolderWatcher(refusingWith: EMFILE).endForExit() == nil)
    }

    @Test func folderChangesTellsAChangeAtOnceThenWhatChanges() async throws {
        // What a screen loaded may be out of date by the time it follows: the first element
        // comes at once; an empty folder name follows nothing.
        FolderChanges.install(FolderWatcher.shared)
        let folder = try Folder()
        var changes = FolderChanges(folder: folder.path).makeAsyncIterator()
        #expect(await changes.next() != nil)
        try folder.write("bookings.sqlite", "a booking")
        #expect(await changes.next() != nil)
        var nothing = FolderChanges(folder: "").makeAsyncIterator()
        #expect(await nothing.next() == nil)
    }
}
