/// A car-sharing operator's service: its fleet of cars available now.
public protocol CarManager: Sendable {
    /// The operator's name.
    var name: String { get }
    /// The cars it offers now.
    func fleet() async throws -> [Car]
}
