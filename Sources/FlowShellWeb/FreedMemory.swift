import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory of closed tabs back to the system. glibc's allocator keeps what the server
/// frees for its next allocations, and a session's many small objects leave the freed memory
/// scattered between live ones, so it is seldom given back by itself: over four rounds of 300
/// tabs opened and closed, the server kept some 25 MB above its idle size, nearly all of it free
/// (docs/performance.md). `malloc_trim` gives back every free page.
///
/// It counts the WebSocket connections whose handler is still held, and gives memory back when
/// they have fallen to half the most since it last did: a server that empties gives its memory
/// back in a few steps, not once for each tab, and one whose tabs stay open never needs to. The
/// WebSocket library's timers (its ping, its close handshake's deadline) hold a little of a
/// closed connection until they expire, up to ``lateRelease`` later, so memory is given back once
/// more then.
final class FreedMemory: Sendable {
    /// How long after a connection's handler is freed its timers may still hold some of it: the
    /// WebSocket's ping period and close handshake's deadline, and a little more.
    static let lateRelease = ServingBounds.pingInterval + ServingBounds.closeTimeout + .seconds(5)

    /// The connections held now and the most since memory was last given back; whether a late
    /// giving back is due. Connections begin and end on the server's threads.
    private struct Counts {
        var held = 0
        var peak = 0
        var lateTrimPending = false
    }

    private let counts = Mutex(Counts())

    /// A connection begins; keep the token with whatever holds the connection's memory.
    func connection() -> Connection {
        counts.withLock { counts in
            counts.held += 1
            counts.peak = max(counts.peak, counts.held)
        }
        return Connection(owner: self)
    }

    fileprivate func released() {
        let (trims, later) = counts.withLock { counts in
            counts.held -= 1
            guard counts.held <= counts.peak / 2 else { return (false, false) }
            counts.peak = counts.held
            defer { counts.lateTrimPending = true }
            return (true, !counts.lateTrimPending)
        }
        guard trims else { return }
        _ = Self.trim?(0)
        if later {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(Self.lateRelease / .milliseconds(1)))) { [self] in
                counts.withLock { $0.lateTrimPending = false }
                _ = Self.trim?(0)
            }
        }
    }

    /// Held with a connection's memory; when it is freed, so is the rest.
    final class Connection: Sendable {
        private let owner: FreedMemory

        fileprivate init(owner: FreedMemory) {
            self.owner = owner
        }

        deinit { owner.released() }
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
