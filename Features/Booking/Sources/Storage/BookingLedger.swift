import FlowShellKit
import Foundation

/// The confirmed bookings, kept as JSON in the Booking module's settings.
@MainActor
struct BookingLedger {
    static let key = "bookings"
    let store: any KeyValueStore

    /// The bookings, oldest first; an unreadable entry reads as none.
    var bookings: [BookingRecord] {
        guard let text = store.value(for: Self.key), let data = text.data(using: .utf8) else { return [] }
        return (try? JSONDecoder().decode([BookingRecord].self, from: data)) ?? []
    }

    /// The code the next booking gets: BK-1001, BK-1002, … (repeatable, so sessions replay).
    var nextCode: String {
        "BK-\(1001 + bookings.count)"
    }

    /// Adds a booking; throws when it cannot be saved (then it is not booked).
    func add(_ record: BookingRecord) throws {
        let data = try JSONEncoder().encode(bookings + [record])
        try store.setValue(String(decoding: data, as: UTF8.self), for: Self.key)
    }
}
