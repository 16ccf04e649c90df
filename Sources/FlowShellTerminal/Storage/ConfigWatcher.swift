import FlowShellKit
import FlowShellRuntime
import Synchronization

/// Watches the config file (through its folder, since editors replace files by renaming) and
/// reports a change through a flag and a callback. It follows the file with the process's one
/// ``FolderWatcher``: when the system refuses a watch, the file is looked at once a second.
package final class ConfigWatcher: Sendable {
    private let changed = Mutex(false)
    private let following = Mutex<FolderWatcher.Following?>(nil)

    /// Starts watching `path`. `onChange` runs on the watcher's queue once the file was written
    /// whole (closed after writing, or renamed into place), never part-way.
    package init(path: String, onChange: @escaping @Sendable () -> Void) {
        let folder = FilePathParts.folder(of: path)
        let following = FolderWatcher.shared.follow(
            folder.isEmpty ? "." : folder, names: [FilePathParts.name(of: path)],
            writesInProgress: false
        ) { [weak self] in
            self?.changed.withLock { $0 = true }
            onChange()
        }
        self.following.withLock { $0 = following }
    }

    deinit {
        following.withLock { $0?.cancel() }
    }

    /// Whether the file changed since the last call; clears the record.
    package func takeChange() -> Bool {
        changed.withLock { value in
            defer { value = false }
            return value
        }
    }
}
