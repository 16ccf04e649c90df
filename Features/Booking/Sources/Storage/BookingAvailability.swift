import Fleet
import FlowShellKit

/// The bookings as the car list sees them: which cars are booked, and when (every user's
/// bookings — a car booked by anyone is not free).
struct BookingAvailability: CarAvailability {
    let repository: any BookingStore
    let clock: BookingClock

    func schedule() async throws -> CarSchedule {
        // No database yet, no bookings: the car list opens none (nor creates its file) to say so.
        guard repository.mayHoldBookings else { return CarSchedule(now: clock.now().timeIntervalSince1970, booked: []) }
        let bookings: [BookingRecord]
        do {
            bookings = try await repository.bookings(of: nil)
        } catch let error as UserFacingError {
            throw error
        } catch {
            throw repository.failure(.reading, error)
        }
        return CarSchedule(
            now: clock.now().timeIntervalSince1970,
            booked: bookings.filter { $0.cancelledAt == nil }.map {
                CarSchedule.Booked(carID: $0.carID, startsAt: $0.startsAt, endsAt: $0.endsAt)
            })
    }

    func changes() -> DataChanges {
        repository.changes()
    }

    func now() -> Double {
        clock.now().timeIntervalSince1970
    }
}
