import FlowShellKit
import FlowShellTesting
import Testing
import Trips

/// The Swift example plugin's screen is an ordinary Screen: linked, it runs in a harness as
/// any feature does (as a plugin, the session tests run it through `trips-plugin`).
@MainActor
@Suite struct LinkedTripsTests {
    @Test func theTripPlannerRunsLinked() async throws {
        let trip = try await FeatureHarness(TripsModule.module, "trips.planner", input: ["carID": "zoe"])
        trip.expectScreen(contains: ["title: Trip with zoe"])
        try await trip.send("add Alexanderplatz")
        try await trip.send("add Tegel")
        trip.expectScreen(contains: ["item#: Alexanderplatz", "item#: Tegel", "status: 2 stops"])
        try await trip.send("done")
        trip.expectEvents([FeatureEvent("done")])
    }
}
