import FlowShellKit

/// The car a booking is for: the confirmation screen's input.
public struct CarToBook: ScreenValue {
    /// The car's id.
    public var carID: String
    /// Its name.
    public var carName: String
    /// Its price per hour.
    public var pricePerHour: Int
}

/// A booking that was made: the payload of `confirmed`.
public struct BookingConfirmation: ScreenValue {
    /// The booking's code (`BK-1001`).
    public var bookingID: String
    /// The car booked.
    public var carID: String
}
