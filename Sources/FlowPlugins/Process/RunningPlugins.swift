import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every plugin process the shell has started and not yet reaped, by process group, so that
/// the shell can stop them all from any thread — a signal's handler included — when it must
/// end at once.
public enum RunningPlugins {
    private static let groups = Mutex<Set<pid_t>>([])

    static func add(_ pid: pid_t) {
        _ = groups.withLock { $0.insert(pid) }
    }

    /// Called once the process is killed and before it is reaped: a reaped id may be another's.
    static func remove(_ pid: pid_t) {
        _ = groups.withLock { $0.remove(pid) }
    }

    /// Kills every running plugin and its process group (SIGKILL).
    public static func killAll() {
        groups.withLock { groups in
            for pid in groups {
                _ = kill(-pid, SIGKILL)
                _ = kill(pid, SIGKILL)
            }
        }
    }
}
