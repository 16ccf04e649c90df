import FlowCoordinator
import FlowManifest
import FlowShellKit
import Clocks
import FlowShellTesting
import Foundation
import Testing

/// How far the counter got: the payload of `overflow`, the input of the done screen.
struct Count: ScreenValue {
    var count: Int
}

/// A counter that emits `overflow` past 2.
struct CounterScreen: Screen {
    static let id = "counter.main"
    static let title = "Counter"
    struct Events: ScreenEvents {
        let overflow = Event<Count>("the count went past 2")
    }
    init(input: Nothing, context: ScreenContext) {}
    func load() -> Int { 0 }
    static let commands: [ScreenCommand<Self>] = [
        .command("add", "Add one") { _, count, emit in
            count += 1
            if count > 2 { emit(\.overflow, Count(count: count)) }
        }
    ]
    static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: "Counter", status: "count \(count)") { Component.text("Count: \(count)") }
    }
}

/// Where the counter ends.
struct CounterDoneScreen: Screen {
    static let id = "counter.done"
    static let title = "Done"
    let input: Count
    init(input: Count, context: ScreenContext) { self.input = input }
    func load() -> Int { input.count }
    static let commands: [ScreenCommand<Self>] = []
    static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: "Counter", status: "count \(count)") { Component.text("Count: \(count)") }
    }
}

@MainActor
let counterModule = FeatureModule(name: "Counter", screens: [CounterScreen.self, CounterDoneScreen.self])

@MainActor
@Suite struct FeatureHarnessTests {
    @Test func drivesAFeatureAndChecksItsScreenAndEvents() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main")
        counter.expectScreen(["title: Counter", "text: Count: 0", "status: count 0", "command: add"])
        for _ in 0..<3 { try await counter.send("add") }
        counter.expectScreen(contains: ["text: Count: 3"])
        counter.expectEvents([FeatureEvent("overflow", payload: ["count": "3"])])
        counter.expectEvents([])
    }

    @Test func aDifferentScreenFailsWithADiff() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main")
        withKnownIssue {
            counter.expectScreen(["title: Counter", "text: Count: 1", "status: count 0", "command: add"])
        } matching: { issue in
            issue.description.contains("- text: Count: 1") && issue.description.contains("+ text: Count: 0")
                && issue.description.contains("  title: Counter")
        }
    }

    @Test func missingLinesAndUnexpectedEventsFail() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main")
        withKnownIssue {
            counter.expectScreen(contains: ["text: Count: 9"])
        } matching: {
            $0.description.contains("the screen lacks:\n  text: Count: 9")
        }
        for _ in 0..<3 { try await counter.send("add") }
        withKnownIssue {
            counter.expectEvents([])
        } matching: {
            $0.description.contains("+ overflow count=3")
        }
    }

    @Test func anUnknownCommandOrScreenFails() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main")
        await withKnownIssue {
            await #expect(throws: UserFacingError("unknown command 'subtract' here — try help")) { try await counter.send("subtract") }
        } matching: {
            $0.description.contains("'Counter' has no command 'subtract'; it has add")
        }
        await withKnownIssue {
            await #expect(throws: UserFacingError("Counter registers no 'counter.nothing'; it registers counter.main, counter.done")) {
                _ = try await FeatureHarness(counterModule, "counter.nothing")
            }
        } matching: {
            $0.description.contains("Counter registers no 'counter.nothing'; it registers counter.main, counter.done")
        }
    }
}

/// A clock on the screen: it ticks once a second of its clock, and says when it rang.
struct TickingScreen: Screen {
    static let id = "counter.ticking"
    static let title = "Ticking"
    struct Events: ScreenEvents {
        let rang = Event<Nothing>("the second tick came")
    }
    init(input: Nothing, context: ScreenContext) {}
    func load() -> Int { 0 }
    static let commands: [ScreenCommand<Self>] = []
    static let subscriptions: [ScreenSubscription<Self>] = [
        .task { _, send in
            while true {
                try await send.sleep(for: .seconds(1))
                send { $0 += 1 }
                send.emit(\.rang)
            }
        }
    ]
    static func render(_ ticks: Int) -> ViewProperties {
        ViewProperties(title: "Ticking", status: "\(ticks) ticks") { Component.text("Ticks: \(ticks)") }
    }
}

@MainActor
let tickingModule = FeatureModule(name: "Ticking", screens: [TickingScreen.self])

/// The harnesses are exhaustive, as TCA's `TestStore`: what a screen did and the test did not
/// assert fails the test.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ExhaustiveHarnessTests {
    @Test func anEventLeftUnassertedFailsWhenTheHarnessEnds() async throws {
        try await withKnownIssue {
            let counter = try await FeatureHarness(counterModule, "counter.main")
            for _ in 0..<3 { try await counter.send("add") }
            counter.finish()
        } matching: { issue in
            issue.description.contains("FeatureHarness(counter.main): the test left unasserted what the screen did")
                && issue.description.contains("the event overflow count=3")
        }
    }

    @Test func anUpdateLeftUnassertedFailsWhenTheTestLetsGoOfTheHarness() async throws {
        let clock = TestClock()
        try await withKnownIssue {
            let ticking = try await FeatureHarness(tickingModule, "counter.ticking", clock: clock)
            await ticking.advance(by: .seconds(1))
            // The event is awaited and asserted; the update before it came too, unasserted.
            await ticking.receive([FeatureEvent("rang")])
        } matching: { issue in
            issue.description.contains("an update it pushed by itself (nextUpdate()): title: Ticking; text: Ticks: 1; status: 1 ticks")
        }
    }

    @Test func everythingAssertedPasses() async throws {
        let clock = TestClock()
        let ticking = try await FeatureHarness(tickingModule, "counter.ticking", clock: clock)
        await ticking.advance(by: .seconds(1))
        let update = await ticking.nextUpdate()
        #expect(ScreenDescription.lines(update).contains("status: 1 ticks"))
        await ticking.receive([FeatureEvent("rang")])
        ticking.expectState(of: TickingScreen.self) { $0 = 1 }
        ticking.finish()
    }

    @Test func aWaitForAnUpdateThatNeverComesEndsInAnIssue() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main")
        await withKnownIssue {
            // Cancelled as the test's time limit cancels it (or after a minute of nothing).
            let wait = Task { await counter.nextUpdate() }
            wait.cancel()
            #expect(ScreenDescription.lines(await wait.value).contains("text: Count: 0"))
        } matching: {
            $0.description.contains("'Counter' pushed no update by itself in time")
        }
    }

    @Test func exhaustivityOffLetsWhatWasNotAssertedGo() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main", exhaustivity: .off)
        for _ in 0..<3 { try await counter.send("add") }
        counter.expectScreen(contains: ["text: Count: 3"])
    }

    @Test func theStateIsCheckedAgainstTheOneCheckedBefore() async throws {
        let counter = try await FeatureHarness(counterModule, "counter.main")
        try await counter.send("add")
        counter.expectState(of: CounterScreen.self) { $0 = 1 }
        try await counter.send("add")
        counter.expectState(of: CounterScreen.self) { $0 += 1 }
        try await counter.send("add")
        counter.expectEvents([FeatureEvent("overflow", payload: ["count": "3"])])
        withKnownIssue {
            counter.expectState(of: CounterScreen.self) { $0 += 2 }
        } matching: {
            $0.description.contains("the state differs (- expected, + actual):") && $0.description.contains("- - 4")
                && $0.description.contains("+ - 3")
        }
        #expect(counter.state(of: CounterScreen.self) == 3)
    }

    @Test func aFlowsUpdateLeftUnassertedFails() async throws {
        let config = #"{ "app": "ticking", "root": "counter.ticking", "modules": ["Ticking"] }"#
        try await withKnownIssue {
            let flow = try await FlowHarness(config: config, modules: [tickingModule], clock: TestClock())
            await flow.advance(by: .seconds(1))
            // Seen come (the screen shows it), not asserted; the suite's time limit ends the wait.
            while !ScreenDescription.lines(flow.screen).contains("status: 1 ticks") { try await Task.sleep(for: .milliseconds(1)) }
            flow.finish()
        } matching: {
            $0.description.contains("FlowHarness: the test left unasserted")
        }
        let flow = try await FlowHarness(config: config, modules: [tickingModule], clock: TestClock())
        await flow.advance(by: .seconds(1))
        let update = await flow.nextUpdate()
        #expect(ScreenDescription.lines(update).contains("status: 1 ticks"))
        flow.finish()
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
        let flow = try await FlowHarness(config: Self.config, modules: [counterModule])
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
        let flow = try await FlowHarness(config: Self.config, modules: [counterModule])
        withKnownIssue {
            flow.expectStack(["counter.main", "counter.done"])
        } matching: {
            $0.description.contains("  counter.main\n- counter.done")
        }
    }

    @Test func runsTheGlobalCommandsAsTheShellDoes() async throws {
        let flow = try await FlowHarness(config: Self.config, modules: [counterModule])
        try await flow.send("help")
        try await flow.send("help add")
        try await flow.send("add --help")
        try await flow.send("where")
        #expect(
            flow.takeAnswers() == [
                "help: Counter: add, help, back, home, where, open, show, reload, history, alias, unalias, set, wait, quit, exit",
                "usage: add — Add one",
                "usage: add — Add one",
                "stack: counter.main",
            ])
        try await flow.send("reload")
        flow.expectNotices([])
        try await flow.send("home")
        try await flow.send("open /nowhere")
        flow.expectNotices([
            Notice(.muted, "already at the first screen"), Notice(.error, "no link matches '/nowhere'; this flow has no links"),
        ])
        await #expect(throws: UserFacingError("too many arguments — usage: add")) { try await flow.send("add 3") }
        flow.expectStack(["counter.main"])
    }

    @Test func aBrokenConfigFailsWithEveryError() async throws {
        await withKnownIssue {
            await #expect(throws: UserFacingError("the flow has errors")) {
                _ = try await FlowHarness(
                    config: Self.config.replacingOccurrences(of: "counter.done", with: "counter.gone"),
                    modules: [counterModule])
            }
        } matching: {
            $0.description.contains("unknown feature 'counter.gone'")
        }
    }
}
