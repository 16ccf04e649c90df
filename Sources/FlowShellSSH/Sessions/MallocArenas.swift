#if canImport(Glibc)
import Glibc
#endif

/// Keeps the SSH server's allocations in glibc's one main arena. glibc gives each thread that
/// allocates an arena of its own, up to 8 for each core, and a session's line editor runs on a
/// thread of its own: what a session allocates there and frees from the main actor or the event
/// loops stays in that arena, scattered between what other sessions hold, and each arena keeps
/// its own free memory. Round after round of 150 logins the server then grew with no plateau
/// (on 2 cores, 68 → 74 MB over 4 rounds; with 2 arenas, 68 → 82 MB over 6); in one arena what
/// a session frees is what the next one takes, and it stayed at 68–70 MB over 12 rounds
/// (scripts/tests/test_ssh.py holds it to 10 % over 6). It must come before the process's first
/// threads allocate: each keeps the arena it has, and later threads share those (set after the
/// first runtime had started, the server still grew from 79 to 106 MB over 6 rounds). The cost
/// is one lock for every thread's allocations, which each thread's cache of small blocks mostly
/// spares.
enum MallocArenas {
    /// glibc's `M_ARENA_MAX` (malloc.h, which is not part of Swift's Glibc module).
    private static let arenaMaximum: Int32 = -8

    /// Allows one arena from now on; threads that already have another keep it. Does nothing
    /// where there is no glibc.
    static func useOne() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(arenaMaximum, 1)
        #endif
    }
}
