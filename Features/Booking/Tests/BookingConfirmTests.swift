@testable import Booking
import FlowShellKit
import FlowShellTesting
import Testing

@MainActor
@Suite struct BookingConfirmTests {
    let input = ["carID": "rio", "carName": "Kia Rio", "pricePerHour": "9"]

    @Test func showsTheTermsConfirmsAndKeepsTheBooking() async throws {
        let confirm = try await FeatureHarness(BookingModule.self, "booking.confirm", input: input)
        try await confirm.send("hours 3")
        confirm.expectScreen(contains: ["title: Book Kia Rio", "Duration: 3 hours", "Price: 9 × 3 = 27"])
        try await confirm.send("confirm")
        confirm.expectScreen(contains: ["success: Booked Kia Rio for 3 h — booking BK-1001", "status: booked"])
        confirm.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1001", "carID": "rio"])])
        await #expect(throws: UserFacingError("already booked — booking BK-1001")) { try await confirm.send("confirm") }

        // The booking is kept, and the list shows it.
        let list = try await FeatureHarness(BookingModule.self, "booking.list", store: confirm.store)
        list.expectScreen(["title: My bookings", "table: Code | Car | Hours | Total", "row: BK-1001 | Kia Rio | 3 | 27", "status: 1 booking"])
        let next = try await FeatureHarness(BookingModule.self, "booking.confirm", input: input, store: confirm.store)
        try await next.send("confirm")
        next.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1002", "carID": "rio"])])
    }

    @Test func refusesImpossibleDurations() async throws {
        let confirm = try await FeatureHarness(BookingModule.self, "booking.confirm", input: input)
        for bad in ["0", "73", "two", "-1"] {
            await #expect(throws: UserFacingError("HOURS must be a whole number from 1 to 72, not '\(bad)'")) {
                try await confirm.send("hours \(bad)")
            }
        }
        confirm.expectScreen(contains: ["Duration: 1 hour", "Price: 9 × 1 = 9"])
    }

    @Test func cancellingEmitsCancelled() async throws {
        let confirm = try await FeatureHarness(BookingModule.self, "booking.confirm", input: input)
        try await confirm.send("cancel")
        confirm.expectEvents([FeatureEvent("cancelled")])
    }

    @Test func refusesABadPrice() async {
        await #expect(throws: UserFacingError("the price per hour 'cheap' is not a whole number")) {
            _ = try await FeatureHarness(BookingModule.self, "booking.confirm",
                                         input: ["carID": "rio", "carName": "Kia Rio", "pricePerHour": "cheap"])
        }
    }

    @Test func anEmptyListSaysSo() async throws {
        let list = try await FeatureHarness(BookingModule.self, "booking.list")
        list.expectScreen(["title: My bookings", "info: No bookings yet.", "status: 0 bookings"])
    }

    @Test func theRegistrationDeclaresWhatTheScreenDoes() async throws {
        let registration = try #require(BookingModule.features.first)
        #expect(registration.id == "booking.confirm")
        #expect(registration.inputs == ["carID", "carName", "pricePerHour"])
        #expect(registration.events.map(\.name) == ["confirmed", "cancelled"])
        let confirm = try await FeatureHarness(BookingModule.self, "booking.confirm", input: input)
        #expect(confirm.properties.commands.map(\.name) == registration.commands)
    }
}
