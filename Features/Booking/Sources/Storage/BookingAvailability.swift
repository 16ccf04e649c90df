import Fleet
import FlowShellKit

/// The bookings as the car list sees them: which cars are booked, and when (every user's
/// bookings — a car booked by anyone is not free).
struct BookingAvailability: CarAvailability {
    let repository: BookingRepository
    let clock: BookingClock

    func schedule() async throws -> CarSchedule {
        // No database yet, no bookings: the car list opens none (nor creates its file) to say so.
        guard repository.opener.mayHoldBookings else { return CarSchedule(now: clock.now().timeIntervalSince1970, booked: []) }
        let bookings: [BookingRecord]
        do {
            bookings = try await repository.bookings()
        } catch let error as UserFacingError {
            throw error
        } catch {
            throw BookingStorageFailure.unreadable(error, folder: repository.opener.folder)
        }
        return CarSchedule(
            now: clock.now().timeIntervalSince1970,
            booked: bookings.filter { $0.cancelledAt == nil }.map {
                CarSchedule.Booked(carID: $0.carID, startsAt: $0.startsAt, endsAt: $0.endsAt)
            })
    }

    func changes() -> FolderChanges {
        repository.changes()
    }

    func now() -> Double {
        clock.now().timeIntervalSince1970
    }
}
