import Foundation

/// What a screen receives besides its input when it is built: its module's settings and the
/// app's services.
@MainActor
public struct ScreenContext {
    /// Small settings its module keeps across restarts.
    public let store: any KeyValueStore
    /// The app's services, created once by the composition root.
    public let services: ServiceContainer

    /// The clock the screen's background work sleeps on: the one registered among the services
    /// as `any Clock<Duration>` (a test's clock), else the system's continuous clock.
    public var clock: any Clock<Duration> {
        // Asked first, so that a context without one builds no error to throw away.
        guard services.contains((any Clock<Duration>).self) else { return ContinuousClock() }
        return (try? services.resolve((any Clock<Duration>).self)) ?? ContinuousClock()
    }

    /// What time it is, as a date, on the screen's clock: the one registered among the services
    /// as a ``WallClock`` (the shell registers the session's when it fixes the time, a test may
    /// register one that starts at a date of its choosing), else the system's date moving on as
    /// ``clock`` does. A screen keeps the one it is built with.
    public var wallClock: WallClock {
        if let registered = try? services.resolve(WallClock.self) { return registered }
        let clock: any Clock<Duration> = self.clock
        return WallClock(startingAt: Date(), on: clock)
    }

    /// A context for building a screen outside a running shell (a test); the shell makes one
    /// per module, with the module's store and the app's services.
    public init(store: any KeyValueStore = MemoryKeyValueStore(), services: ServiceContainer = ServiceContainer()) {
        self.store = store
        self.services = services
    }
}
