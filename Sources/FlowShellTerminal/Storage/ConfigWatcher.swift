import FlowShellKit
import FlowShellRuntime
import Synchronization

/// Watches the config file (through its folder, since editors replace files by renaming) and
/// says when it changed. It follows the file with the process's one ``FolderWatcher``: when the
/// system refuses a watch, the file is looked at once a second.
package final class ConfigWatcher: Sendable {
    private let following = Mutex<FolderWatcher.Following?>(nil)

    /// Starts watching `path`. `onChange` runs on the watcher's queue once the file was written
    /// whole (closed after writing, or renamed into place), never part-way.
    package init(path: String, onChange: @escaping @Sendable () -> Void) {
        let folder = FilePathParts.folder(of: path)
        let following = FolderWatcher.shared.follow(
            folder.isEmpty ? "." : folder, names: [FilePathParts.name(of: path)],
            writesInProgress: false, onChange: onChange)
        self.following.withLock { $0 = following }
    }

    deinit {
        following.withLock { $0?.cancel() }
    }
}
