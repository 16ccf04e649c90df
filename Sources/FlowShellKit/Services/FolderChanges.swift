import Synchronization

/// Tells when the files in a folder change — another process wrote a database there — as an
/// async sequence, one element for each run of changes; a screen follows it as a subscription
/// while it is open. The kernel says so (inotify on Linux), nothing polls; when the system
/// refuses to watch, the folder is looked at once a second instead, and the shell says so once.
/// An empty folder name follows nothing: the sequence ends at once.
///
/// The first element comes as soon as the folder is followed: what a screen read before (when
/// it loaded) may have changed by then, and a change made in between is told by nothing else.
public struct FolderChanges: AsyncSequence, Sendable {
    public typealias Element = Void

    /// The folder watched.
    public let folder: String
    private let version: (@Sendable () -> Int?)?

    /// Changes of the files in `folder`.
    public init(folder: String) {
        self.folder = folder
        version = nil
    }

    /// Changes of what a database in `folder` holds, told by `version`: a number that moves
    /// whenever another connection committed a change, such as SQLite's `PRAGMA data_version`
    /// read on a connection of its own (nil when it cannot be read). A change is told once the
    /// number moved: a database writes its files before the change is visible to others, and
    /// writes some that change nothing it holds. When the kernel does not watch, the number is
    /// read once a second.
    public init(folder: String, version: @escaping @Sendable () -> Int?) {
        self.folder = folder
        self.version = version
    }

    public func makeAsyncIterator() -> AsyncStream<Void>.Iterator {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        guard !folder.isEmpty else {
            continuation.finish()
            return stream.makeAsyncIterator()
        }
        if let follower = installedFollower.withLock({ $0 }) {
            let stop = follower.followChanges(of: folder, version: version) { continuation.yield() }
            continuation.onTermination = { _ in stop() }
        }
        continuation.yield()
        return stream.makeAsyncIterator()
    }

    /// Has `follower` watch the folders of every `FolderChanges` followed from now on: the
    /// runtime installs the process's watch as it starts a flow. Until one is installed, a
    /// sequence tells only its first element.
    package static func install(_ follower: any FolderFollower) {
        installedFollower.withLock { $0 = follower }
    }
}

/// The follower ``FolderChanges/install(_:)`` installed.
private let installedFollower = Mutex<(any FolderFollower)?>(nil)
