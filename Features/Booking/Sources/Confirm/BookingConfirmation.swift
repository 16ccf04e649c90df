import FlowShellKit

/// A booking that was made: the payload of `confirmed`.
public struct BookingConfirmation: ScreenValue {
    /// The booking's code (`BK-1001`).
    public var bookingID: String
    /// The car booked.
    public var carID: String
}
