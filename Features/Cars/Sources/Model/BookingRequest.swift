import FlowShellKit

/// What the booking screen needs to know about a car: the payload of `book`.
public struct BookingRequest: ScreenValue {
    /// The car's id.
    public var carID: String
    /// Its name, for the booking's title.
    public var carName: String
    /// Its price per hour.
    public var pricePerHour: Int
}
