import Fleet

/// A car-sharing operator's service: its fleet of cars available now.
public protocol CarManager: Sendable {
    /// The operator's name.
    var name: String { get }
    /// The cars it offers, as last known (quick).
    func fleet() async throws -> [Car]
    /// The cars it offers, asked anew from the operator (may take a while; cancellable).
    func refreshedFleet() async throws -> [Car]
}

extension CarManager {
    /// By default an operator's fleet is always fresh.
    public func refreshedFleet() async throws -> [Car] {
        try await fleet()
    }
}
