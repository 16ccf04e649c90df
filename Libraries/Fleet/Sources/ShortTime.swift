import Foundation

/// A moment as people read it in a list of bookings: the weekday and the time (`Tue 15:30`).
public enum ShortTime {
    /// `seconds` since 1970, as `Tue 15:30` in the local time zone.
    public static func text(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
