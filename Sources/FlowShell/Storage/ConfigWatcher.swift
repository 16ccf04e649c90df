import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches the config file with inotify (its folder, since editors replace files by renaming)
/// and reports a change through a flag and a callback, from a thread of its own.
final class ConfigWatcher: Sendable {
    private let changed = Mutex(false)
    private let descriptor: Int32

    /// Starts watching `path`; nil when inotify is not available. `onChange` runs on the
    /// watcher's thread.
    init?(path: String, onChange: @escaping @Sendable () -> Void) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        let thread = Thread { [self] in
            self.watch(name: name, onChange: onChange)
        }
        thread.name = "config watcher"
        thread.start()
    }

    /// Whether the file changed since the last call; clears the record.
    func takeChange() -> Bool {
        changed.withLock { value in
            defer { value = false }
            return value
        }
    }

    private func watch(name: String, onChange: @Sendable () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let headerSize = MemoryLayout<inotify_event>.size
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            var matched = false
            while offset + headerSize <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset, as: inotify_event.self).len) }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == name { matched = true }
                offset += headerSize + length
            }
            if matched {
                changed.withLock { $0 = true }
                onChange()
            }
        }
    }
}
