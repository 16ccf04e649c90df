import Foundation

/// What time it is, for the booking rules; tests give a fixed one.
struct BookingClock: Sendable {
    var now: @Sendable () -> Date = { Date() }
}
