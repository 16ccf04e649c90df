import Fleet

/// An operator whose fleet is fixed data (the sample ships it in `Fleets/`). Asking it anew takes
/// as long as a network round trip would (`refreshLatency`), so that progress and Ctrl-C show.
public struct SampleCarManager: CarManager {
    /// The operator's name.
    public let name: String
    /// How long a refresh takes.
    public let refreshLatency: Duration
    private let cars: [Car]

    /// An operator named `name` whose fleet is always `cars`; a refresh waits `refreshLatency` first,
    /// as a real operator's network would.
    public init(name: String, refreshLatency: Duration = .zero, cars: [Car]) {
        self.name = name
        self.refreshLatency = refreshLatency
        self.cars = cars
    }

    /// The fixed fleet.
    public func fleet() async throws -> [Car] {
        try Task.checkCancellation()
        return cars
    }

    /// The fixed fleet, after the simulated round trip.
    public func refreshedFleet() async throws -> [Car] {
        try await Task.sleep(for: refreshLatency)
        return try await fleet()
    }
}
