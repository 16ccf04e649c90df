@testable import Booking
import Clocks
import Fleet
import Foundation
import FlowShellKit
import FlowShellTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct BookingListOverTimeTests {
    let start = 1_800_000_000.0

    @Test func aBookingTurnsFromComingToRunningToDoneAsTimePasses() async throws {
        // The booking rules' time is the test clock's: `start`, and as far on as the test moves it.
        let clock = TestClock()
        let origin = clock.now
        let services = ServiceContainer()
        services.register(FixedFleet(), as: (any CarLookup).self)
        services.register(BookingClock(now: { [start] in Date(timeIntervalSince1970: start + origin.duration(to: clock.now) / .seconds(1)) }))
        try BookingModule.module.setUpServices(services, .inMemory())
        let repository = try services.resolve(BookingRepository.self)
        _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: start + 3600, endsAt: start + 7200, total: 9)
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: services, clock: clock)
        list.expectScreen(contains: ["row: BK-1001 | Kia Rio | \(ShortTime.text(start + 3600)) | \(ShortTime.text(start + 7200)) | 9 | coming"])
        // An hour on, the screen wakes by itself: the booking runs.
        await list.advance(by: .seconds(3600))
        let running = await list.nextUpdate()
        #expect(ScreenDescription.lines(running).contains { $0.hasSuffix("| 9 | running") })
        await list.advance(by: .seconds(3600))
        let done = await list.nextUpdate()
        #expect(ScreenDescription.lines(done).contains { $0.hasSuffix("| 9 | done") })
    }
}
