import Accounts
@testable import Booking
import Fleet
import Foundation
import FlowShellKit
import FlowShellTesting
import Testing

/// A fleet of two cars, as the Cars module would look them up.
struct FixedFleet: CarLookup {
    static let cars = [
        Car(id: "rio", name: "Kia Rio", manager: "CityDrive", pricePerHour: 9, distanceMetres: 350, seats: 5, fuelPercent: 80),
        Car(id: "zoe", name: "Renault Zoe", manager: "GreenGo", pricePerHour: 11, distanceMetres: 600, seats: 5, fuelPercent: 90),
    ]

    func car(id: String) async throws -> Car? {
        Self.cars.first { $0.id == id }
    }
}

/// Services for the Booking screens: an in-memory database, a clock stopped at `now` and a fleet.
@MainActor
func bookingServices(now: Double = 1_800_000_000) throws -> ServiceContainer {
    let services = ServiceContainer()
    services.register(FixedFleet(), as: (any CarLookup).self)
    services.register(BookingClock(now: { Date(timeIntervalSince1970: now) }))
    try BookingModule.module.setUpServices(services, .inMemory())
    return services
}

@MainActor
@Suite struct BookingConfirmTests {
    let input = ["carID": "rio"]
    let now = 1_800_000_000.0

    @Test func showsTheTermsConfirmsAndKeepsTheBooking() async throws {
        let services = try bookingServices(now: now)
        let confirm = try await FeatureHarness(BookingModule.module, "booking.confirm", input: input, services: services)
        try await confirm.send("hours 3")
        confirm.expectScreen(contains: [
            "title: Book Kia Rio", "Duration: 3 hours", "When: now to \(ShortTime.text(now + 3 * 3600))",
            "Price: 9 × 3 = 27",
        ])
        try await confirm.send("confirm")
        confirm.expectScreen(contains: ["success: Booked Kia Rio for 3 h — booking BK-1001", "status: booked"])
        confirm.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1001", "carID": "rio"])])
        await #expect(throws: UserFacingError("already booked — booking BK-1001")) { try await confirm.send("confirm") }

        // The list shows it; the same car at an overlapping time is refused, later is fine.
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: services)
        list.expectScreen(contains: ["row: BK-1001 | Kia Rio | \(ShortTime.text(now)) | \(ShortTime.text(now + 3 * 3600)) | 27 | running"])
        let again = try await FeatureHarness(BookingModule.module, "booking.confirm", input: input, services: services)
        try await again.send("from 2")
        await #expect(
            throws: UserFacingError(
                "Kia Rio is already booked from \(ShortTime.text(now)) to \(ShortTime.text(now + 3 * 3600)) (BK-1001); choose another time with 'from'"
            )
        ) {
            try await again.send("confirm")
        }
        try await again.send("from 3")
        try await again.send("confirm")
        again.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1002", "carID": "rio"])])
    }

    @Test func refusesImpossibleDurationsAndStarts() async throws {
        let confirm = try await FeatureHarness(BookingModule.module, "booking.confirm", input: input, services: try bookingServices())
        for bad in ["0", "73", "two", "-1"] {
            await #expect(throws: UserFacingError("HOURS must be a whole number from 1 to 72, not '\(bad)'")) {
                try await confirm.send("hours \(bad)")
            }
        }
        await #expect(throws: UserFacingError("HOURS must be a whole number from 0 to 168, not '169'")) {
            try await confirm.send("from 169")
        }
        confirm.expectScreen(contains: ["Duration: 1 hour", "Price: 9 × 1 = 9"])
    }

    @Test func aNewBookingLastsAsLongAsThePersonsSettingSays() async throws {
        // What `set booking-hours 3` keeps in the module's store.
        let store = MemoryKeyValueStore()
        try store.setValue("3", of: BookingModule.hours)
        let confirm = try await FeatureHarness(
            BookingModule.module, "booking.confirm", input: input, store: store,
            services: try bookingServices())
        confirm.expectScreen(contains: ["Duration: 3 hours", "Price: 9 × 3 = 27"])
        // `hours` still decides for this booking, and the setting is the harness's too.
        try await confirm.send("set booking-hours 8")
        try await confirm.send("hours 2")
        confirm.expectScreen(contains: ["Duration: 2 hours"])
        #expect(store.value(of: BookingModule.hours) == "8")
    }

    @Test func cancellingEmitsCancelled() async throws {
        let confirm = try await FeatureHarness(BookingModule.module, "booking.confirm", input: input, services: try bookingServices())
        try await confirm.send("cancel")
        confirm.expectEvents([FeatureEvent("cancelled")])
    }

    @Test func refusesACarTheFleetDoesNotHave() async {
        await #expect(throws: UserFacingError("no car 'ghost'")) {
            _ = try await FeatureHarness(
                BookingModule.module, "booking.confirm", input: ["carID": "ghost"], services: try bookingServices())
        }
    }

    @Test func theRegistrationDeclaresWhatTheScreenDoes() async throws {
        let registration = try #require(BookingModule.module.screens.first)
        #expect(registration.id == "booking.confirm")
        #expect(registration.inputs == ["carID"])
        #expect(registration.events.map(\.name) == ["confirmed", "cancelled"])
        let confirm = try await FeatureHarness(BookingModule.module, "booking.confirm", input: input, services: try bookingServices())
        #expect(confirm.properties.commands.map(\.name) == registration.commands)
    }
}

@MainActor
@Suite struct BookingListTests {
    let now = 1_800_000_000.0

    @Test func anEmptyListSaysSo() async throws {
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: try bookingServices())
        list.expectScreen([
            "title: My bookings", "info: No bookings yet.", "status: 0 bookings", "command: cancel CODE", "command: refresh",
        ])
    }

    @Test func cancelsAComingBookingAndRefusesTheRest() async throws {
        let services = try bookingServices(now: now)
        let repository = try services.resolve((any BookingStore).self)
        _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: now - 7200, endsAt: now - 3600, total: 9)
        _ = try await repository.book(carID: "zoe", carName: "Renault Zoe", startsAt: now + 3600, endsAt: now + 7200, total: 11)
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: services)
        list.expectScreen(contains: ["command: cancel CODE {CODE=BK-1002}"])
        await #expect(throws: UserFacingError("booking BK-1001 is over; only a coming or running booking can be cancelled")) {
            try await list.send("cancel BK-1001")
        }
        try await list.send("cancel bk-1002")
        list.expectScreen(contains: [
            "row: BK-1002 | Renault Zoe | \(ShortTime.text(now + 3600)) | \(ShortTime.text(now + 7200)) | 11 | cancelled"
        ])
        await #expect(throws: UserFacingError("booking BK-1002 is cancelled already")) { try await list.send("cancel BK-1002") }
        await #expect(throws: UserFacingError("no booking 'BK-9'")) { try await list.send("cancel BK-9") }
        // A cancelled booking frees its time.
        _ = try await repository.book(carID: "zoe", carName: "Renault Zoe", startsAt: now + 3600, endsAt: now + 7200, total: 11)
        try await list.send("refresh")
        list.expectScreen(contains: ["status: 3 bookings"])
    }
}

/// A signed-in user a test can change.
@MainActor
final class SwitchableUser: CurrentUser {
    var name: String?
    init(_ name: String?) { self.name = name }
}

@MainActor
@Suite struct BookingsPerUserTests {
    @Test func eachUserSeesAndCancelsTheirOwnBookings() async throws {
        let services = try bookingServices()
        let user = SwitchableUser("alice")
        services.register(user, as: (any CurrentUser).self)
        let confirm = try await FeatureHarness(BookingModule.module, "booking.confirm", input: ["carID": "rio"], services: services)
        try await confirm.send("confirm")
        confirm.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1001", "carID": "rio"])])
        user.name = "bob"
        let bobs = try await FeatureHarness(BookingModule.module, "booking.list", services: services)
        bobs.expectScreen(contains: ["info: No bookings yet.", "status: 0 bookings"])
        await #expect(throws: UserFacingError("no booking 'BK-1001'")) { try await bobs.send("cancel BK-1001") }
        user.name = "alice"
        let alices = try await FeatureHarness(BookingModule.module, "booking.list", services: services)
        alices.expectScreen(contains: ["status: 1 booking"])
    }
}
