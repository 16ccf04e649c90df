import Dispatch

/// Looking once a second at the folders the kernel does not watch: each entry's size and
/// times, and the version a follower reads, while something follows them.
extension FolderWatcher {
    func startPolling(_ folder: WatchedFolder) {
        folder.stamps = FolderEntryStamp.stamps(in: folder.path, names: folder.namesOfInterest)
        guard pollTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = Int(Self.pollingInterval.components.seconds)
        timer.schedule(deadline: .now() + .seconds(interval), repeating: .seconds(interval), leeway: .milliseconds(100))
        timer.setEventHandler { [unowned self] in poll() }
        timer.activate()
        pollTimer = timer
    }

    func poll() {
        for folder in folders.values where folder.watch == nil {
            // A folder that was not there is watched by the kernel once it is.
            if case .watching = kernel, addWatch(for: folder) {
                folder.stamps = [:]
                for follower in folder.followers.values { changed(follower) }
                continue
            }
            let stamps = FolderEntryStamp.stamps(in: folder.path, names: folder.namesOfInterest)
            let changedNames = Set(stamps.keys).union(folder.stamps.keys).filter { stamps[$0] != folder.stamps[$0] }
            folder.stamps = stamps
            for follower in folder.followers.values {
                let touched = changedNames.contains { follower.cares(about: $0) }
                if follower.version != nil {
                    _ = reportIfVersionMoved(follower, orWhenUnknown: touched)
                } else if touched {
                    follower.onChange()
                }
            }
        }
        if !folders.values.contains(where: { $0.watch == nil }) {
            pollTimer?.cancel()
            pollTimer = nil
        }
    }
}
