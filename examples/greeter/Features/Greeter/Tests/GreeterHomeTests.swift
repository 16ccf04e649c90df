@testable import Greeter
import FlowShellKit
import FlowShellTesting
import Testing

@MainActor
@Suite struct GreeterHomeTests {
    @Test func greetsAndFinishes() async throws {
        let screen = try await FeatureHarness(GreeterModule.module, "greeter.home")
        screen.expectScreen(contains: ["heading: Hello from greeter.home", "status: greeted 0 times"])
        try await screen.send("greet")
        screen.expectScreen(contains: ["success: Hello!", "status: greeted 1 time"])
        screen.expectState(of: GreeterHomeScreen.self) { $0 = 1 }
        try await screen.send("done")
        // The harness is exhaustive: an event left unchecked fails the test.
        screen.expectEvents([FeatureEvent("finished")])
    }
}
