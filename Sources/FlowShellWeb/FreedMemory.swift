#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory of closed sessions back to the system. glibc's allocator keeps what the
/// server frees for its next allocations, and a session's many small objects leave the freed
/// memory scattered between live ones, so it is seldom given back by itself: measured over four
/// rounds of 300 tabs opened and closed, the server kept some 25 MB above its idle size, nearly
/// all of it free (docs/performance.md). `malloc_trim` gives back every free page.
///
/// It is asked when the tabs open have fallen to half of the most since it was last asked: a
/// server that empties gives its memory back in a few steps, not once for each tab, and one
/// whose tabs stay open is never asked.
@MainActor
final class FreedMemory {
    /// The most tabs open since memory was last given back.
    private var peak = 0

    /// A tab opened; `open` are open now.
    func opened(_ open: Int) {
        peak = max(peak, open)
    }

    /// A tab's session has ended and its memory is freed; `open` are open now.
    func released(_ open: Int) {
        guard open <= peak / 2 else { return }
        peak = open
        _ = Self.trim?(0)
    }

    /// glibc's `malloc_trim`, looked up by name: `malloc.h` is not part of Swift's Glibc module.
    /// Nil where there is none (another C library), and memory is then left as it is.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
