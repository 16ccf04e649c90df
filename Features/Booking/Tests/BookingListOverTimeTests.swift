@testable import Booking
import Clocks
import Fleet
import Foundation
import FlowShellKit
import FlowShellTesting
import Testing

/// What time the booking rules see, moved on by the test together with its clock.
@MainActor
final class MovingNow: @unchecked Sendable {
    // @unchecked: read by BookingClock's closure, written only by the test on the main actor
    // before the screen's work that reads it runs.
    var seconds: Double
    init(_ seconds: Double) { self.seconds = seconds }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct BookingListOverTimeTests {
    let start = 1_800_000_000.0

    @Test func aBookingTurnsFromComingToRunningToDoneAsTimePasses() async throws {
        let now = MovingNow(start)
        let services = ServiceContainer()
        services.register(FixedFleet(), as: (any CarLookup).self)
        services.register(BookingClock(now: { [now] in Date(timeIntervalSince1970: MainActor.assumeIsolated { now.seconds }) }))
        try BookingModule.module.setUpServices(services, .inMemory())
        let repository = try services.resolve(BookingRepository.self)
        _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: start + 3600, endsAt: start + 7200, total: 9)
        let clock = TestClock()
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: services, clock: clock)
        list.expectScreen(contains: ["row: BK-1001 | Kia Rio | \(ShortTime.text(start + 3600)) | \(ShortTime.text(start + 7200)) | 9 | coming"])
        // An hour on, the screen wakes by itself: the booking runs.
        now.seconds = start + 3600
        await list.advance(by: .seconds(3600))
        let running = await list.nextUpdate()
        #expect(ScreenDescription.lines(running).contains { $0.hasSuffix("| 9 | running") })
        now.seconds = start + 7200
        await list.advance(by: .seconds(3600))
        let done = await list.nextUpdate()
        #expect(ScreenDescription.lines(done).contains { $0.hasSuffix("| 9 | done") })
    }
}
