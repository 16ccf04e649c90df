#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many files this process may open at once (`ulimit -n`).
enum DescriptorLimit {
    /// Raises the soft limit to the hard one — a server holds a file for each connection, and
    /// the soft limit is often a small default under a generous hard one — and returns the
    /// limit then in force. Nothing to raise, or a system that refuses, leaves it as it was.
    static func raised() -> Int {
        #if os(Linux)
        let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let files = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(files, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var wanted = limit
            wanted.rlim_cur = limit.rlim_max
            if setrlimit(files, &wanted) == 0 { limit = wanted }
        }
        // An unlimited hard limit reads as a huge number; the server's own caps are far below.
        return Int(clamping: limit.rlim_cur)
    }
}
