import Dispatch
import FlowShellKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows the entries of folders for everything in the process that follows one — a screen's
/// data (``FolderChanges``), the terminal's config file — through one kernel watch: on Linux one
/// inotify instance, and one watch per folder however many follow it.
///
/// When the system refuses (a user's inotify instances or watches are used up, as editors, IDEs
/// and sync tools easily do), it looks at the followed folders once a second instead: each
/// entry's size and times, and the version a follower reads (SQLite's `PRAGMA data_version`) —
/// only while something follows them — and says so once, through ``reportRefusals(to:)``.
package final class FolderWatcher: @unchecked Sendable {
    // @unchecked: every property after `queue` is read and written on `queue` only.

    /// The watcher of this process.
    package static let shared = FolderWatcher()

    /// How often a folder is looked at when the kernel does not watch it.
    package static let pollingInterval: Duration = .seconds(1)

    let queue = DispatchQueue(label: "flowshell.folder-watcher")
    /// The error the kernel is taken to give when asked for an inotify instance (tests).
    private let refusal: Int32?
    var kernel = Kernel.notStarted
    var folders: [String: WatchedFolder] = [:]
    /// The folders of each kernel watch (the same folder spelt two ways has one watch).
    private var foldersByWatch: [Int32: Set<String>] = [:]
    private var nextFollower = 0
    var pollTimer: (any DispatchSourceTimer)?
    var reporter: (@Sendable (String) -> Void)?
    var said: Set<String> = []
    var unsaid: [String] = []
    private var eventBuffer = [UInt8](repeating: 0, count: 8192)
    /// Whether the kernel ever watched a folder for it (its descriptor is then slow to close).
    private var hasWatched = false

    enum Kernel {
        case notStarted
        /// The inotify descriptor and the source that reads it.
        case watching(Int32, any DispatchSourceRead)
        /// No kernel watches: every folder is looked at.
        case refused
        /// Handed over at exit (``endForExit()``).
        case ended
    }

    /// The process's watcher.
    private convenience init() {
        self.init(refusingWith: nil)
    }

    /// A watcher of its own (tests); with `refusal`, the kernel is taken to refuse an inotify
    /// instance with that error (EMFILE), as when a user's instances are used up.
    package init(refusingWith refusal: Int32?) {
        self.refusal = refusal
    }

    // MARK: - Following

    /// One follower's hold on a folder; ``cancel()`` ends it.
    package final class Following: Sendable {
        private let end: @Sendable () -> Void

        fileprivate init(end: @escaping @Sendable () -> Void) {
            self.end = end
        }

        /// Stops following (a change being reported as this is called may still be).
        package func cancel() {
            end()
        }
    }

    /// Follows the entries of `folder`: `onChange` runs (on the watcher's queue) after they may
    /// have changed.
    /// - Parameters:
    ///   - names: only these entries matter (a config file in a busy folder); nil: any.
    ///   - writesInProgress: whether a write still going on counts (a database's journal), or
    ///     only a file written whole — closed after writing, moved in, made or removed (a config
    ///     file, read only once it is whole).
    ///   - version: a number that moves whenever what the folder holds changed (SQLite's
    ///     `PRAGMA data_version`; nil when it cannot be read), read now and on the watcher's
    ///     queue later. With it, a change is reported once the number moved — a database may
    ///     write its files before another connection can see the change — and the number is
    ///     read once a second when the kernel does not watch.
    package func follow(
        _ folder: String, names: Set<String>? = nil, writesInProgress: Bool = true,
        version: (@Sendable () -> Int?)? = nil, onChange: @escaping @Sendable () -> Void
    ) -> Following {
        let path = Self.folderKey(folder)
        let follower = Follower(names: names, writesInProgress: writesInProgress, version: version, onChange: onChange)
        // What it starts from: a change after this returns is told.
        follower.lastVersion = version?()
        let id = queue.sync {
            nextFollower += 1
            add(follower, id: nextFollower, to: path)
            return nextFollower
        }
        return Following { [weak self] in
            guard let self else { return }
            // Not waited for: it may be called on the queue itself (a stream ending as it is told).
            queue.async { self.remove(id, from: path) }
        }
    }

    /// Where refusals are said: each reason once, as a muted line (the messages waiting for it
    /// are said now). Until a front end asks, they wait.
    package func reportRefusals(to report: @escaping @Sendable (String) -> Void) {
        let waiting = queue.sync {
            reporter = report
            defer { unsaid = [] }
            return unsaid
        }
        waiting.forEach(report)
    }

    /// Stops watching, for a process about to exit, and gives up the inotify descriptor when
    /// it has held a kernel watch (nil otherwise). Closing such a descriptor — at exit too —
    /// waits for the kernel to retire its watches, tens of milliseconds, even those removed just
    /// before (as the config's is when the shell ends); the shell hands it to a process of its
    /// own that closes it once this one has ended, so that quitting waits for nothing.
    package func endForExit() -> Int32? {
        queue.sync {
            pollTimer?.cancel()
            pollTimer = nil
            defer { kernel = .ended }
            guard case .watching(let descriptor, let source) = kernel, hasWatched else { return nil }
            // The descriptor stays open, for the process it is handed to: no cancel handler closes it.
            source.cancel()
            return descriptor
        }
    }

    // MARK: - Folders and followers (on the queue)

    // @unchecked: used on the queue only.
    final class Follower: @unchecked Sendable {
        let names: Set<String>?
        let writesInProgress: Bool
        let version: (@Sendable () -> Int?)?
        let onChange: @Sendable () -> Void
        var lastVersion: Int?
        /// Counts the changes reported by the kernel, so that a later one replaces the settling
        /// of an earlier one.
        var settling = 0

        init(names: Set<String>?, writesInProgress: Bool, version: (@Sendable () -> Int?)?, onChange: @escaping @Sendable () -> Void) {
            self.names = names
            self.writesInProgress = writesInProgress
            self.version = version
            self.onChange = onChange
        }

        /// Whether a change of `name` (nil: of the folder as a whole) matters to it.
        func cares(about name: String?) -> Bool {
            guard let names, let name else { return true }
            return names.contains(name)
        }
    }

    final class WatchedFolder {
        let path: String
        var followers: [Int: Follower] = [:]
        /// The kernel's watch; nil while the folder is looked at once a second.
        var watch: Int32?
        /// What its entries were when last looked at (while it is looked at).
        var stamps: [String: FolderEntryStamp] = [:]

        init(path: String) {
            self.path = path
        }

        /// The entries its followers care about; nil when one cares about every entry.
        var namesOfInterest: Set<String>? {
            var names: Set<String> = []
            for follower in followers.values {
                guard let wanted = follower.names else { return nil }
                names.formUnion(wanted)
            }
            return names
        }
    }

    private func add(_ follower: Follower, id: Int, to path: String) {
        if case .notStarted = kernel { startKernel() }
        if let folder = folders[path] {
            folder.followers[id] = follower
            if folder.watch == nil { folder.stamps = FolderEntryStamp.stamps(in: path, names: folder.namesOfInterest) }
            return
        }
        let folder = WatchedFolder(path: path)
        folder.followers[id] = follower
        folders[path] = folder
        if !addWatch(for: folder) { startPolling(folder) }
    }

    private func remove(_ id: Int, from path: String) {
        guard let folder = folders[path], folder.followers.removeValue(forKey: id) != nil else { return }
        guard folder.followers.isEmpty else { return }
        folders[path] = nil
        if let watch = folder.watch {
            foldersByWatch[watch]?.remove(path)
            if foldersByWatch[watch]?.isEmpty == true {
                foldersByWatch[watch] = nil
                // Removing a watch does not wait for the kernel; closing a descriptor that holds one does.
                if case .watching(let descriptor, _) = kernel { _ = inotify_rm_watch(descriptor, watch) }
            }
        }
        if !folders.values.contains(where: { $0.watch == nil }) {
            pollTimer?.cancel()
            pollTimer = nil
        }
    }

    // MARK: - The kernel's watch

    #if os(Linux)
    private static let mask =
        UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE)
    #endif

    private func startKernel() {
        #if os(Linux)
        let descriptor: Int32
        if let refusal {
            errno = refusal
            descriptor = -1
        } else {
            descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        }
        guard descriptor >= 0 else {
            kernel = .refused
            refuse(Self.instanceRefusal(errno))
            return
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [unowned self] in readEvents(from: descriptor) }
        source.activate()
        kernel = .watching(descriptor, source)
        #else
        kernel = .refused
        refuse("this system has no inotify to watch files with")
        #endif
    }

    /// Asks the kernel to watch `folder`; false when it does not (the folder is then looked at).
    func addWatch(for folder: WatchedFolder) -> Bool {
        #if os(Linux)
        guard case .watching(let descriptor, _) = kernel else { return false }
        let watch = inotify_add_watch(descriptor, folder.path, Self.mask)
        guard watch >= 0 else {
            let code = errno
            // A folder that is not there yet is looked at until it is, then watched; that is
            // no refusal.
            if code != ENOENT && code != ENOTDIR { refuse(Self.watchRefusal(code, folder: folder.path)) }
            return false
        }
        folder.watch = watch
        hasWatched = true
        foldersByWatch[watch, default: []].insert(folder.path)
        return true
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// Reads what the kernel reported and tells the followers it concerns.
    private func readEvents(from descriptor: Int32) {
        var touched: [ObjectIdentifier: Follower] = [:]
        let headerSize = MemoryLayout<inotify_event>.size
        while true {
            let count = eventBuffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            eventBuffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + headerSize <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
                    let name = nameBytes.isEmpty ? nil : String(decoding: nameBytes, as: UTF8.self)
                    offset += headerSize + length
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: anything may have changed.
                        for folder in folders.values where folder.watch != nil {
                            for follower in folder.followers.values { touched[ObjectIdentifier(follower)] = follower }
                        }
                        continue
                    }
                    if mask & UInt32(IN_IGNORED) != 0 {
                        watchEnded(watch)
                        continue
                    }
                    let written = mask & ~UInt32(IN_MODIFY) == 0
                    for path in foldersByWatch[watch] ?? [] {
                        guard let folder = folders[path] else { continue }
                        for follower in folder.followers.values
                        where follower.cares(about: name) && (!written || follower.writesInProgress) {
                            touched[ObjectIdentifier(follower)] = follower
                        }
                    }
                }
            }
        }
        for follower in touched.values { changed(follower) }
    }

    /// The kernel ended a watch by itself (its folder was removed): the folder is looked at
    /// until it is back.
    private func watchEnded(_ watch: Int32) {
        guard let paths = foldersByWatch.removeValue(forKey: watch) else { return }
        for path in paths {
            guard let folder = folders[path] else { continue }
            folder.watch = nil
            startPolling(folder)
            for follower in folder.followers.values { changed(follower) }
        }
    }
    #endif

    // MARK: - Reporting a change

    /// How long after a change the kernel reported a follower's version is read again while it
    /// has not moved: a database writes its journal before the change is visible to others.
    private static let settlingDelays: [Int] = [10, 20, 40, 80, 160, 320, 640, 1280]

    /// The kernel reported a change that concerns `follower`.
    func changed(_ follower: Follower) {
        guard follower.version != nil else {
            follower.onChange()
            return
        }
        follower.settling &+= 1
        settle(follower, step: 0, generation: follower.settling)
    }

    private func settle(_ follower: Follower, step: Int, generation: Int) {
        guard follower.settling == generation, isFollowed(follower) else { return }
        if reportIfVersionMoved(follower, orWhenUnknown: true) { return }
        guard step < Self.settlingDelays.count else { return }
        queue.asyncAfter(deadline: .now() + .milliseconds(Self.settlingDelays[step])) { [self] in
            settle(follower, step: step + 1, generation: generation)
        }
    }

    /// Reads the follower's version and reports a change when it moved — or, with
    /// `orWhenUnknown`, when it cannot be read; whether it reported.
    func reportIfVersionMoved(_ follower: Follower, orWhenUnknown: Bool) -> Bool {
        guard let now = follower.version?() else {
            if orWhenUnknown { follower.onChange() }
            return orWhenUnknown
        }
        guard now != follower.lastVersion else { return false }
        follower.lastVersion = now
        follower.onChange()
        return true
    }

    private func isFollowed(_ follower: Follower) -> Bool {
        folders.values.contains { folder in folder.followers.values.contains { $0 === follower } }
    }

    /// `folder` as the watcher keys it: without trailing slashes, "." for an empty one.
    private static func folderKey(_ folder: String) -> String {
        var path = Substring(folder)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "." : String(path)
    }
}

extension FolderWatcher: FolderFollower {
    /// Follows `folder` for a ``FolderChanges``: any entry, writes in progress included.
    package func followChanges(
        of folder: String, version: (@Sendable () -> Int?)?,
        onChange: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        let following = follow(folder, version: version, onChange: onChange)
        return { following.cancel() }
    }
}
