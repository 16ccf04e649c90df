@testable import Booking
import Clocks
import Fleet
import Foundation
import FlowShellKit
import FlowShellTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct BookingListOverTimeTests {
    let start = 1_800_000_000.0

    @Test func aBookingTurnsFromComingToRunningToDoneAsTimePasses() async throws {
        // The booking rules' time is the test clock's: `start`, and as far on as the test moves it.
        let clock = TestClock()
        let origin = clock.now
        let services = ServiceContainer()
        services.register(FixedFleet(), as: (any CarLookup).self)
        services.register(
            BookingClock(now: { [start] in Date(timeIntervalSince1970: start + origin.duration(to: clock.now) / .seconds(1)) }))
        try BookingModule.module.setUpServices(services, .inMemory())
        let repository = try services.resolve((any BookingStore).self)
        _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: start + 3600, endsAt: start + 7200, total: 9)
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: services, clock: clock)
        list.expectScreen(contains: [
            "row: BK-1001 | Kia Rio | \(ShortTime.text(start + 3600)) | \(ShortTime.text(start + 7200)) | 9 | coming"
        ])
        // An hour on, the screen wakes by itself: the booking runs.
        await list.advance(by: .seconds(3600))
        let running = await list.nextUpdate()
        #expect(ScreenDescription.lines(running).contains { $0.hasSuffix("| 9 | running") })
        await list.advance(by: .seconds(3600))
        let done = await list.nextUpdate()
        #expect(ScreenDescription.lines(done).contains { $0.hasSuffix("| 9 | done") })
    }

    @Test func anotherShellsBookingsAreJudgedAtTheirTimeAndEachStartsItsOwnTimer() async throws {
        // My bookings on a data folder, and another shell's connection to the same file.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-live-bookings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let origin = clock.now
        let now: @Sendable () -> Double = { [start] in start + origin.duration(to: clock.now) / .seconds(1) }
        let services = ServiceContainer()
        services.register(FixedFleet(), as: (any CarLookup).self)
        services.register(BookingRepository(opener: BookingDatabaseOpener(folder: folder.path)), as: (any BookingStore).self)
        services.register(BookingClock(now: { Date(timeIntervalSince1970: now()) }))
        try BookingModule.module.setUpServices(services, .inMemory())
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: services, clock: clock)
        list.expectScreen(contains: ["info: No bookings yet."])
        let otherShell = BookingRepository(database: try BookingDatabase(path: folder.appendingPathComponent("bookings.sqlite").path))

        // Booked from now, for an hour: running as soon as it shows, not coming.
        _ = try await otherShell.book(carID: "rio", carName: "Kia Rio", startsAt: now(), endsAt: now() + 3600, total: 9)
        let booked = await list.nextUpdate()
        #expect(ScreenDescription.lines(booked).contains { $0.hasPrefix("row: BK-1001 | Kia Rio") && $0.hasSuffix("| 9 | running") })
        // At its end it is done, by itself: the timer was planned from the booking shown.
        await list.advance(by: .seconds(3600))
        let done = await list.nextUpdate()
        #expect(ScreenDescription.lines(done).contains { $0.hasPrefix("row: BK-1001") && $0.hasSuffix("| done") })

        // With nothing left to wake for, a later booking still starts its own timer.
        _ = try await otherShell.book(carID: "zoe", carName: "Renault Zoe", startsAt: now() + 1800, endsAt: now() + 5400, total: 11)
        let coming = await list.nextUpdate()
        #expect(ScreenDescription.lines(coming).contains { $0.hasPrefix("row: BK-1002 | Renault Zoe") && $0.hasSuffix("| 11 | coming") })
        await list.advance(by: .seconds(1800))
        let running = await list.nextUpdate()
        #expect(ScreenDescription.lines(running).contains { $0.hasPrefix("row: BK-1002") && $0.hasSuffix("| 11 | running") })
        await list.advance(by: .seconds(3600))
        let over = await list.nextUpdate()
        #expect(ScreenDescription.lines(over).contains { $0.hasPrefix("row: BK-1002") && $0.hasSuffix("| 11 | done") })
    }
}
