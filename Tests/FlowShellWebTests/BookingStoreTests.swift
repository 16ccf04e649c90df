import Booking
import Cars
import Fleet
import FlowShellKit
import FlowShellPostgres
import FlowShellTestSupport
import FlowShellTesting
import Foundation
import Testing

/// What the sample's bookings do wherever they are kept, on both stores: the data folder
/// (SQLite, the shells and servers of one machine) and the records servers share in PostgreSQL
/// (`--database`, many machines). Each "server" is the Booking module set up on services of its
/// own, opened on the same place: a booking made through one reaches a live My bookings of the
/// other, the other is refused that car's time in words, and two racing for one car book it once.
@MainActor
@Suite(.serialized) struct BookingStoreTests {
    /// What time it is for every server: fixed, so that each booking's times are known.
    nonisolated private static let now = 1_800_000_000.0

    /// One more server's services, on the environment `open` gives.
    private func server(_ environment: AppEnvironment) throws -> ServiceContainer {
        let services = ServiceContainer()
        try CarsModule.module.setUpServices(services, environment)
        try BookingModule.module.setUpServices(services, environment)
        return services
    }

    /// The refusal a person reads when Kia Rio is booked from `start` for an hour as `code`.
    private func refusal(from start: Double, code: String) -> UserFacingError {
        UserFacingError(
            "Kia Rio is already booked from \(ShortTime.text(start)) to \(ShortTime.text(start + 3600)) (\(code)); choose another time with 'from'"
        )
    }

    /// What confirming on `racer` came to: "booked", or what the person was told.
    private func outcome(of racer: FeatureHarness) async -> String {
        do {
            try await racer.send("confirm")
            return "booked"
        } catch {
            return UserFacingError.message(for: error)
        }
    }

    /// The checks, given how to open the bookings' place as one more server would.
    private func contract(open: () async throws -> AppEnvironment) async throws {
        let first = try server(try await open())
        let second = try server(try await open())
        let list = try await FeatureHarness(BookingModule.module, "booking.list", services: first, exhaustivity: .off)
        list.expectScreen(contains: ["info: No bookings yet."])

        // A booking made through the second server reaches the first's live list.
        let booking = try await FeatureHarness(BookingModule.module, "booking.confirm", input: ["carID": "rio"], services: second)
        try await booking.send("confirm")
        booking.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1001", "carID": "rio"])])
        let row = "row: BK-1001 | Kia Rio | \(ShortTime.text(Self.now)) | \(ShortTime.text(Self.now + 3600)) | 9 | running"
        var shown = ScreenDescription.lines(list.properties)
        for _ in 0..<5 where !shown.contains(row) {
            shown = ScreenDescription.lines(await list.nextUpdate())
        }
        #expect(shown.contains(row))

        // The first server cannot book that car's time: it is told by whom, and when.
        let clash = try await FeatureHarness(BookingModule.module, "booking.confirm", input: ["carID": "rio"], services: first)
        await #expect(throws: refusal(from: Self.now, code: "BK-1001")) { try await clash.send("confirm") }

        // Cancelled through the first server, the time is free again for it; a second cancel is refused.
        try await list.send("cancel BK-1001")
        list.expectScreen(contains: [row.replacingOccurrences(of: "running", with: "cancelled")])
        let cancelledTwice = try await FeatureHarness(BookingModule.module, "booking.list", services: second, exhaustivity: .off)
        await #expect(throws: UserFacingError("booking BK-1001 is cancelled already")) { try await cancelledTwice.send("cancel BK-1001") }
        try await clash.send("confirm")
        clash.expectEvents([FeatureEvent("confirmed", payload: ["bookingID": "BK-1002", "carID": "rio"])])

        // Both race for the same hour of one car, again and again: one wins each time, the other is told.
        for round in 1...20 {
            let racers = [first, second]
            var harnesses: [FeatureHarness] = []
            for services in racers {
                let racer = try await FeatureHarness(
                    BookingModule.module, "booking.confirm", input: ["carID": "rio"], services: services, exhaustivity: .off)
                try await racer.send("from \(round * 2)")
                harnesses.append(racer)
            }
            let (firstRacer, secondRacer) = (harnesses[0], harnesses[1])
            async let one = outcome(of: firstRacer)
            async let two = outcome(of: secondRacer)
            let outcomes = await [one, two]
            let start = Self.now + Double(round * 2) * 3600
            #expect(outcomes.filter { $0 == "booked" }.count == 1, "round \(round): one of the two books the car")
            let told = outcomes.filter { $0 != "booked" }
            #expect(told.count == 1 && told[0].hasPrefix("Kia Rio is already booked from \(ShortTime.text(start)) to "), "\(told)")
        }

        // Every booking once, each with a code of its own.
        let all = try await FeatureHarness(BookingModule.module, "booking.list", services: second, exhaustivity: .off)
        let codes = ScreenDescription.lines(all.properties).filter { $0.hasPrefix("row: BK-") }.map { $0.split(separator: " ")[1] }
        #expect(codes.count == 22)
        #expect(Set(codes).count == 22)
    }

    @Test func theDataFolderKeepsBookingsForEveryShellOfOneMachine() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await contract { AppEnvironment(app: "carsharing", dataDirectory: folder.path, now: { Self.now }) }
    }

    @Test func postgresKeepsBookingsForEveryServer() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            try await contract {
                AppEnvironment(
                    app: "carsharing", dataDirectory: nil, now: { Self.now },
                    records: try await PostgresStore.open(address).records(app: "carsharing"))
            }
        }
    }
}
