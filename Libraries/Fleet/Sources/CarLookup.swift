/// Finds a car by its id: what a feature that is not Cars uses to learn about a car (Booking
/// looks up the name and the price of the car it books, never trusting them from its input).
/// Cars provides it; it is registered as `(any CarLookup).self`.
public protocol CarLookup: Sendable {
    /// The car with this id, if an operator offers it now.
    func car(id: String) async throws -> Car?
}
