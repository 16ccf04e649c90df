@testable import Booking
import FlowShellKit
import Testing

@MainActor
final class RecordedEvents {
    var events: [FeatureEvent] = []
}

@MainActor
@Suite struct BookingConfirmTests {
    let input = ["carID": "rio", "carName": "Kia Rio", "pricePerHour": "9"]

    private func make(_ input: [String: String], events: RecordedEvents = RecordedEvents()) async throws -> any Presentable {
        var builder = BookingConfirmBuilder()
        builder.makeCode = { "BK-1234" }
        return try await builder.build(context: FeatureContext(input: FeatureInput(input)) { events.events.append($0) })
    }

    private func run(_ screen: any Presentable, _ name: String, _ values: [String] = []) async throws {
        let command = try #require(screen.viewProperties.command(named: name))
        try await command.handler(CommandArguments(usage: command.usage, values: values))
    }

    @Test func showsTheTermsAndConfirms() async throws {
        let events = RecordedEvents()
        let screen = try await make(input, events: events)
        #expect(screen.viewProperties.title == "Book Kia Rio")
        try await run(screen, "hours", ["3"])
        #expect(screen.viewProperties.content == [.keyValue([
            KeyValue("Car", "Kia Rio"), KeyValue("Duration", "3 hours"), KeyValue("Price", "9 × 3 = 27"),
        ])])
        try await run(screen, "confirm")
        #expect(screen.viewProperties.content.last == .message(.success, "Booked Kia Rio for 3 h — booking BK-1234"))
        #expect(screen.viewProperties.status == "booked")
        #expect(events.events == [FeatureEvent("confirmed", payload: ["bookingID": "BK-1234", "carID": "rio"])])
        await #expect(throws: UserFacingError("already booked — booking BK-1234")) { try await run(screen, "confirm") }
    }

    @Test func refusesImpossibleDurations() async throws {
        let screen = try await make(input)
        for bad in ["0", "73", "two", "-1"] {
            await #expect(throws: UserFacingError("HOURS must be a whole number from 1 to 72, not '\(bad)'")) {
                try await run(screen, "hours", [bad])
            }
        }
        #expect(screen.viewProperties.content.first == .keyValue([
            KeyValue("Car", "Kia Rio"), KeyValue("Duration", "1 hour"), KeyValue("Price", "9 × 1 = 9"),
        ]))
    }

    @Test func cancellingEmitsCancelled() async throws {
        let events = RecordedEvents()
        let screen = try await make(input, events: events)
        try await run(screen, "cancel")
        #expect(events.events == [FeatureEvent("cancelled")])
    }

    @Test func refusesABadPrice() async {
        await #expect(throws: UserFacingError("the price per hour 'cheap' is not a whole number")) {
            _ = try await make(["carID": "rio", "carName": "Kia Rio", "pricePerHour": "cheap"])
        }
    }

    @Test func theRegistrationDeclaresWhatTheScreenDoes() async throws {
        let registration = try #require(BookingModule.features.first)
        #expect(registration.id == "booking.confirm")
        #expect(registration.inputs == ["carID", "carName", "pricePerHour"])
        #expect(registration.events.map(\.name) == ["confirmed", "cancelled"])
        let screen = try await make(input)
        #expect(screen.viewProperties.commands.map(\.name) == registration.commands)
    }
}
