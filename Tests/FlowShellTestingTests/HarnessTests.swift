import FlowShellKit
import FlowShellTesting
import Foundation
import Testing

/// A module to drive: a counter that emits `overflow` past 2.
enum CounterModule: FeatureModule {
    static let name = "Counter"
    static var features: [FeatureRegistration] {
        [
            FeatureRegistration(id: "counter.main", title: "Counter", events: [EventDeclaration("overflow", payload: ["count"])],
                                commands: ["add"]) { context in
                let updater = CounterUpdater(state: 0)
                updater.emit = context.emitter
                return updater.makeScreen(featureID: "counter.main", owning: updater)
            },
            FeatureRegistration(id: "counter.done", title: "Done", inputs: ["count"]) { context in
                let updater = CounterUpdater(state: Int(context.input["count"] ?? "") ?? -1)
                return updater.makeScreen(featureID: "counter.done", owning: updater)
            },
        ]
    }
}

final class CounterUpdater: Updater<Int> {
    var emit: (@MainActor (String, [String: String]) -> Void)?

    override func makeViewProperties(for count: Int) -> ViewProperties {
        ViewProperties(title: "Counter", commands: [
            Command("add", summary: "Add one") { [weak self] _ in
                guard let self else { return }
                self.update(self.state + 1)
                if self.state > 2 { self.emit?("overflow", ["count": "\(self.state)"]) }
            },
        ], status: "count \(count)") {
            Component.text("Count: \(count)")
        }
    }
}

@MainActor
@Suite struct FeatureHarnessTests {
    @Test func drivesAFeatureAndChecksItsScreenAndEvents() async throws {
        let counter = try await FeatureHarness(CounterModule.self, "counter.main")
        counter.expectScreen(["title: Counter", "text: Count: 0", "status: count 0", "command: add"])
        for _ in 0..<3 { try await counter.send("add") }
        counter.expectScreen(contains: ["text: Count: 3"])
        counter.expectEvents([FeatureEvent("overflow", payload: ["count": "3"])])
        counter.expectEvents([])
    }

    @Test func aDifferentScreenFailsWithADiff() async throws {
        let counter = try await FeatureHarness(CounterModule.self, "counter.main")
        withKnownIssue {
            counter.expectScreen(["title: Counter", "text: Count: 1", "status: count 0", "command: add"])
        } matching: { issue in
            issue.description.contains("- text: Count: 1") && issue.description.contains("+ text: Count: 0")
                && issue.description.contains("  title: Counter")
        }
    }

    @Test func missingLinesAndUnexpectedEventsFail() async throws {
        let counter = try await FeatureHarness(CounterModule.self, "counter.main")
        withKnownIssue {
            counter.expectScreen(contains: ["text: Count: 9"])
        } matching: { $0.description.contains("the screen lacks:\n  text: Count: 9") }
        for _ in 0..<3 { try await counter.send("add") }
        withKnownIssue {
            counter.expectEvents([])
        } matching: { $0.description.contains("+ overflow count=3") }
    }

    @Test func anUnknownCommandOrScreenFails() async throws {
        let counter = try await FeatureHarness(CounterModule.self, "counter.main")
        await withKnownIssue {
            await #expect(throws: UserFacingError("unknown command 'subtract'")) { try await counter.send("subtract") }
        } matching: { $0.description.contains("'Counter' has no command 'subtract'; it has add") }
        await withKnownIssue {
            await #expect(throws: UserFacingError("no feature 'counter.nothing'")) {
                _ = try await FeatureHarness(CounterModule.self, "counter.nothing")
            }
        } matching: { $0.description.contains("Counter registers no 'counter.nothing'; it registers counter.main, counter.done") }
    }
}

@MainActor
@Suite struct FlowHarnessTests {
    static let config = """
    {
      "app": "counter", "root": "counter.main", "modules": ["Counter"],
      "transitions": [ { "from": "counter.main", "on": "overflow", "to": "counter.done", "style": "present" } ]
    }
    """

    @Test func drivesAFlowAndChecksTheStack() async throws {
        let flow = try await FlowHarness(config: Self.config, modules: [CounterModule.self])
        flow.expectStack(["counter.main"])
        for _ in 0..<3 { try await flow.send("add") }
        flow.expectStack(["counter.main", "counter.done"])
        flow.expectScreen(contains: ["text: Count: 3"])
        try await flow.send("back")
        flow.expectStack(["counter.main"])
        try await flow.send("back")
        flow.expectNotices([Notice(.error, "already at the first screen — nothing to go back to")])
    }

    @Test func aWrongStackFailsWithADiff() async throws {
        let flow = try await FlowHarness(config: Self.config, modules: [CounterModule.self])
        withKnownIssue {
            flow.expectStack(["counter.main", "counter.done"])
        } matching: { $0.description.contains("  counter.main\n- counter.done") }
    }

    @Test func aBrokenConfigFailsWithEveryError() async throws {
        await withKnownIssue {
            await #expect(throws: UserFacingError("the flow has errors")) {
                _ = try await FlowHarness(config: Self.config.replacingOccurrences(of: "counter.done", with: "counter.gone"),
                                          modules: [CounterModule.self])
            }
        } matching: { $0.description.contains("unknown feature 'counter.gone'") }
    }
}
