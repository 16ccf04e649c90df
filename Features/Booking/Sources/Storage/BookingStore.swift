import FlowShellKit

/// Where bookings are kept: the one place the interactor and the car list read and write them.
/// In the data folder, SQLite (``BookingRepository``, one machine's shells and servers); in the
/// records every server of the flow shares (``SharedBookings``, `--database`). Either way making
/// a booking checks for an overlap and writes in one transaction of the database, so two
/// shells — or two servers — booking one car at once cannot both succeed.
protocol BookingStore: Sendable {
    /// Makes sure the bookings can be used now, so that a screen that needs them says at once
    /// when they cannot.
    func open() throws
    /// Whether there may be bookings to read without making anything (the car list only looks).
    var mayHoldBookings: Bool { get }
    /// What happened to the store that the user should hear of, once.
    func takeNotice() -> String?
    /// Books the car for [startsAt, endsAt): kept when this returns; a clash is
    /// ``BookingRepository/Refusal/overlaps(_:)``.
    func book(carID: String, carName: String, startsAt: Double, endsAt: Double, total: Int, user: String) async throws -> BookingRecord
    /// The bookings of `user` (every booking when nil), the latest start first.
    func bookings(of user: String?) async throws -> [BookingRecord]
    /// Cancels the booking with `code` at `time`.
    func cancel(code: String, at time: Double) async throws -> BookingRecord
    /// When the bookings changed, wherever they were changed.
    func changes() -> DataChanges
    /// `error`, which the store threw doing `what`, in the user's words.
    func failure(_ what: BookingStoreTask, _ error: any Error) -> UserFacingError
}

/// What the store was doing when it failed.
enum BookingStoreTask {
    /// Keeping a change: "the booking", "the cancellation".
    case keeping(String)
    /// Reading the bookings.
    case reading
}

extension BookingStore {
    /// Books the car for nobody in particular (no module says who is signed in).
    func book(carID: String, carName: String, startsAt: Double, endsAt: Double, total: Int) async throws -> BookingRecord {
        try await book(carID: carID, carName: carName, startsAt: startsAt, endsAt: endsAt, total: total, user: "")
    }

    /// Every booking, the latest start first.
    func bookings() async throws -> [BookingRecord] {
        try await bookings(of: nil)
    }
}
