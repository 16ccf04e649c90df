import Fleet

/// An operator whose fleet is fixed data (the sample ships it in `Fleets/`). Asking it anew takes
/// as long as a network round trip would (`refreshLatency`), so that progress and Ctrl-C show.
public struct SampleCarManager: CarManager {
    /// The operator's name.
    public let name: String
    /// How long a refresh takes.
    public let refreshLatency: Duration
    private let cars: [Car]
    /// What the round trip waits on: the app's clock, which a test or `flowshell test` controls.
    private let clock: any Clock<Duration>

    /// An operator named `name` whose fleet is always `cars`; a refresh waits `refreshLatency` first
    /// on `clock`, as a real operator's network would.
    public init(name: String, refreshLatency: Duration = .zero, cars: [Car], clock: any Clock<Duration> = ContinuousClock()) {
        self.name = name
        self.refreshLatency = refreshLatency
        self.cars = cars
        self.clock = clock
    }

    /// The fixed fleet.
    public func fleet() async throws -> [Car] {
        try Task.checkCancellation()
        return cars
    }

    /// The fixed fleet, after the simulated round trip.
    public func refreshedFleet() async throws -> [Car] {
        try await clock.sleep(for: refreshLatency)
        return try await fleet()
    }
}
