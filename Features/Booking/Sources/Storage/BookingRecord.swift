import Foundation
import GRDB

/// A booking as the database keeps it.
public struct BookingRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "booking"

    /// Its code (`BK-1001`).
    public var code: String
    /// The car's id.
    public var carID: String
    /// The car's name.
    public var carName: String
    /// When it starts, in seconds since 1970.
    public var startsAt: Double
    /// When it ends, in seconds since 1970.
    public var endsAt: Double
    /// The price.
    public var total: Int
    /// When it was cancelled, if it was.
    public var cancelledAt: Double?
    /// Who booked it.
    public var user: String

    /// A booking as stored: its times in seconds since 1970, `cancelledAt` nil while it stands, and
    /// `user` empty for a booking made before bookings had users.
    public init(
        code: String, carID: String, carName: String, startsAt: Double, endsAt: Double, total: Int,
        cancelledAt: Double? = nil, user: String = ""
    ) {
        self.user = user
        self.code = code
        self.carID = carID
        self.carName = carName
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.total = total
        self.cancelledAt = cancelledAt
    }

    /// How many hours it lasts.
    public var hours: Int { Int(((endsAt - startsAt) / 3600).rounded()) }
}
