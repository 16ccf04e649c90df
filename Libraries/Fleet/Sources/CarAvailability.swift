import FlowShellKit

/// Which cars are booked, and when: what the car list shows as each car's availability.
/// Booking provides it, registered as `(any CarAvailability).self`; without Booking in the
/// flow every car is free.
public protocol CarAvailability: Sendable {
    /// The bookings not cancelled and not over yet, with the time they were read at.
    func schedule() async throws -> CarSchedule
    /// When the bookings may have changed: another shell booked on the same data folder, or
    /// another server of the flow in the database they share.
    func changes() -> DataChanges
    /// The time the bookings are judged at now, in seconds since 1970.
    func now() -> Double
}

/// The bookings of cars that are not over, at one moment.
public struct CarSchedule: Sendable, Equatable {
    /// One booked time of one car, in seconds since 1970.
    public struct Booked: Sendable, Equatable {
        /// The car's id.
        public var carID: String
        /// When the booking starts.
        public var startsAt: Double
        /// When it ends.
        public var endsAt: Double

        /// A car booked from `startsAt` to `endsAt`.
        public init(carID: String, startsAt: Double, endsAt: Double) {
            self.carID = carID
            self.startsAt = startsAt
            self.endsAt = endsAt
        }
    }

    /// When the schedule was read, in seconds since 1970.
    public var now: Double
    /// The bookings that end after `now`.
    public var booked: [Booked]

    /// A schedule read at `now`; bookings over by then are left out.
    public init(now: Double, booked: [Booked]) {
        self.now = now
        self.booked = booked.filter { $0.endsAt > now }
    }

    /// No car booked.
    public static let free = CarSchedule(now: 0, booked: [])

    /// When the next booking starts or ends, after `now`: the schedule says something new then.
    public var nextChange: Double? {
        booked.flatMap { [$0.startsAt, $0.endsAt] }.filter { $0 > now }.min()
    }

    /// Whether this schedule, read later than `earlier`, says what `earlier` says: the same
    /// bookings, none of which began in between (one that ended is gone from `booked`). Then
    /// every car's availability reads the same, and so does the next change.
    public func readsAsBefore(_ earlier: CarSchedule) -> Bool {
        booked == earlier.booked && booked.allSatisfy { ($0.startsAt <= now) == ($0.startsAt <= earlier.now) }
    }

    /// What a person reads about the car `carID`'s availability: `until Tue 15:30` while it is
    /// booked, `from Tue 14:00` before its next booking, nil when it has none.
    public func availability(of carID: String) -> String? {
        let bookings = booked.filter { $0.carID == carID }
        if let running = bookings.first(where: { $0.startsAt <= now }) {
            return "until \(ShortTime.text(running.endsAt))"
        }
        return bookings.map(\.startsAt).min().map { "from \(ShortTime.text($0))" }
    }
}
