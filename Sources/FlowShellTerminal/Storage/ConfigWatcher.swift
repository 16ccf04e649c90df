import FlowShellRuntime
import Foundation
import LineEditor
import Synchronization

/// Watches the config file (through its folder, since editors replace files by renaming) and
/// reports a change through a flag and a callback, from a thread of its own.
package final class ConfigWatcher: Sendable {
    private let changed = Mutex(false)

    /// Starts watching `path`; nil when the system cannot watch its folder. `onChange` runs on
    /// the watcher's thread.
    package init?(path: String, onChange: @escaping @Sendable () -> Void) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let name = url.lastPathComponent
        guard let watch = Platform.FolderWatch(folder: url.deletingLastPathComponent().path) else { return nil }
        let thread = Thread { [self] in
            while watch.waitForChange(of: name) {
                self.changed.withLock { $0 = true }
                onChange()
            }
        }
        thread.name = "config watcher"
        thread.start()
    }

    /// Whether the file changed since the last call; clears the record.
    package func takeChange() -> Bool {
        changed.withLock { value in
            defer { value = false }
            return value
        }
    }
}
