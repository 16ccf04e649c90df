import Clocks
@testable import Cars
import Fleet
import FlowShellKit
import FlowShellTesting
import Testing

/// Bookings as a test sets them, read at the time of the test's clock: `start` when the test
/// began, and as far on as the test moved the clock.
final class ScheduledBookings: CarAvailability, @unchecked Sendable {
    // @unchecked: `booked` is written by the test before the screen is opened, and only read after.
    var booked: [CarSchedule.Booked] = []
    private let clock: TestClock<Duration>
    private let origin: TestClock<Duration>.Instant
    private let start: Double

    init(start: Double, clock: TestClock<Duration>) {
        self.start = start
        self.clock = clock
        origin = clock.now
    }

    func schedule() async throws -> CarSchedule {
        CarSchedule(now: now(), booked: booked)
    }
    func changes() -> DataChanges { DataChanges.none }
    func now() -> Double { start + origin.duration(to: clock.now) / .seconds(1) }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct CarAvailabilityTests {
    let start = 1_800_000_000.0

    @Test func aBookedCarShowsWhenItIsFreeAsTimePasses() async throws {
        let clock = TestClock()
        let bookings = ScheduledBookings(start: start, clock: clock)
        bookings.booked = [CarSchedule.Booked(carID: "zoe", startsAt: start + 3600, endsAt: start + 7200)]
        let services = ServiceContainer()
        services.register(bookings, as: (any CarAvailability).self)
        let list = try await FeatureHarness(CarsModule.module, "cars.list", services: services, clock: clock)
        list.expectScreen(contains: [
            "table: ID | Car | Operator | Price | Away | Booked",
            "row: rio | Kia Rio | CityDrive | 9/h | 350 m | ",
            "row: zoe | Renault Zoe | GreenGo | 11/h | 600 m | from \(ShortTime.text(start + 3600))",
        ])
        // An hour on, the list wakes by itself: the booking runs.
        await list.advance(by: .seconds(3600))
        let running = await list.nextUpdate()
        #expect(
            ScreenDescription.lines(running).contains(
                "row: zoe | Renault Zoe | GreenGo | 11/h | 600 m | until \(ShortTime.text(start + 7200))"))
        // When it is over, no car is booked and the column goes.
        await list.advance(by: .seconds(3600))
        let over = await list.nextUpdate()
        #expect(ScreenDescription.lines(over).contains("table: ID | Car | Operator | Price | Away"))
    }

    @Test func aScheduleReadLaterReadsAsBeforeUntilABookingBeginsOrEnds() {
        let booked = [CarSchedule.Booked(carID: "zoe", startsAt: start + 3600, endsAt: start + 7200)]
        let first = CarSchedule(now: start, booked: booked)
        // A minute on, nothing a person reads changed: the list keeps the schedule it shows.
        #expect(CarSchedule(now: start + 60, booked: booked).readsAsBefore(first))
        #expect(CarSchedule(now: start + 60, booked: []).readsAsBefore(CarSchedule(now: start, booked: [])))
        // The booking began, or ended, or another was made: the list reads otherwise.
        #expect(!CarSchedule(now: start + 3600, booked: booked).readsAsBefore(first))
        #expect(!CarSchedule(now: start + 7200, booked: booked).readsAsBefore(first))
        let another = booked + [CarSchedule.Booked(carID: "rio", startsAt: start + 60, endsAt: start + 120)]
        #expect(!CarSchedule(now: start, booked: another).readsAsBefore(first))
    }

    @Test func withoutBookingsInTheFlowEveryCarIsFree() async throws {
        let list = try await FeatureHarness(CarsModule.module, "cars.list")
        list.expectScreen(contains: ["table: ID | Car | Operator | Price | Away"])
    }
}
