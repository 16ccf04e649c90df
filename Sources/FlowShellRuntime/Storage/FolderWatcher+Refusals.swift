#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saying, once each, what the system refused to watch, and that the folders are looked at
/// once a second instead.
extension FolderWatcher {
    func refuse(_ reason: String) {
        let message = "\(reason) — checking for changes once a second instead"
        guard said.insert(message).inserted else { return }
        if let reporter {
            reporter(message)
        } else {
            unsaid.append(message)
        }
    }

    #if os(Linux)
    static func instanceRefusal(_ code: Int32) -> String {
        switch code {
        case EMFILE:
            return
                "the system refused to watch files for changes: this user's inotify instances are used up (fs.inotify.max_user_instances)"
        case ENFILE:
            return "the system refused to watch files for changes: it has too many files open"
        case ENOMEM:
            return "the system refused to watch files for changes: it is out of memory for it"
        default:
            return "the system refused to watch files for changes (inotify: \(String(cString: strerror(code))))"
        }
    }

    static func watchRefusal(_ code: Int32, folder: String) -> String {
        switch code {
        case ENOSPC:
            return
                "the system refused to watch \(folder) for changes: this user's inotify watches are used up (fs.inotify.max_user_watches)"
        case EACCES, EPERM:
            return "the system refused to watch \(folder) for changes: permission denied"
        default:
            return "the system refused to watch \(folder) for changes (inotify: \(String(cString: strerror(code))))"
        }
    }
    #endif
}
