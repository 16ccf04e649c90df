@testable import FlowExplorer
import FlowShellKit
import FlowShellRuntime
import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell test`'s explorer, in process: what it covers of a flow worked out by hand, the
/// sample flow covered wholly and the same on every run, and faults planted in copies of it.
@MainActor
@Suite struct FlowExplorerTests {
    /// The options of these tests: a step's deadline is a bound on liveness (a busy machine
    /// makes steps slower, not wrong), but in the test of the deadline itself.
    static var options: FlowExplorer.Options {
        var options = FlowExplorer.Options()
        options.deadline = .seconds(120)
        return options
    }

    /// A config whose selecting of a car needs the guard `session`, which runs the flow `name`
    /// (`flow`, its JSON); the guard is declared on line 8.
    static func selectingGuarded(by name: String, flow: String) -> String {
        """
        {
          "app": "planted", "root": "cars.list", "modules": ["Auth", "Cars"],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push", "requires": ["session"] }
          ],
          "flows": { "\(name)": \(flow) },
          "guards": {
            "session": { "flow": "\(name)" }
          }
        }
        """
    }

    /// Explores `config` (named flow.json) with `modules`.
    static func explore(
        _ config: String, modules: [FeatureModule],
        options: FlowExplorer.Options = FlowExplorerTests.options
    ) async throws -> ExplorationReport {
        let source = ConfigSource.text(config, name: "flow.json")
        let plugins = PluginLoader { _ in nil }
        let check = FlowCheck(source: source, features: modules, plugins: plugins)
        try #require(check.runnableManifest != nil, "the flow has errors: \(check.textReport)")
        let explorer = FlowExplorer(check: check, source: source, modules: modules, plugins: plugins, options: options)
        return try await explorer.explore().get()
    }

    static let sample = (try? String(contentsOf: FlowShellBinary.repository.appendingPathComponent("config.json"), encoding: .utf8)) ?? ""

    struct Expected: Equatable, CustomStringConvertible {
        var name: String
        var line: Int?
        var count: Int

        var description: String { "\(name) @\(line.map(String.init) ?? "-") ×\(count)" }
    }

    static func items(_ section: ExplorationReport.Section?) -> [Expected] {
        (section?.items ?? []).map { Expected(name: $0.name, line: $0.line, count: $0.count) }
    }

    /// The hand-made flow, explored breadth first as `test` does, step by step (each step on a
    /// fresh session; a place reached before is not explored again):
    ///
    /// - at the root, not ready (R): `next` → the page (P); `locked` → the gate for the vault (G);
    ///   `back`, `home` stay; `open /page` → P again; `open /vault` → the gate for the link (L);
    /// - P: `done` → R; `peek` → the vault over the page (PV); `back`, `home` → R;
    /// - G: `unlock` → the vault, ready (V+); `leave`, `back` → R, cancelled; `home` → R;
    /// - L: `unlock` → V+ by the link; `leave`, `back` → R, cancelled; `home` → R;
    /// - PV: `back` → P, `home` → R;
    /// - V+: `back`, `home` → the root, ready (R+);
    /// - R+ (no links: they are tried from the start): `next` → the page, ready (P+); `locked` →
    ///   V+, the guard met; `back`, `home` stay;
    /// - P+: `done` → R+; `peek` → the vault over it (PV+); `back`, `home` → R+;
    /// - PV+: `back` → P+, `home` → R+.
    ///
    /// 32 steps, 9 places, the longest path 5 lines (`locked`, `unlock`, `back`, `next`, `peek`).
    @Test func aHandMadeFlowsCoverageIsWhatWorkingItOutByHandGives() async throws {
        let report = try await Self.explore(HandFeatures.config, modules: [HandFeatures.module])
        let explored = try #require(report.explored)
        #expect(explored == ExplorationReport.Explored(paths: 32, states: 9, deepest: 5, beyondDepth: 0, stoppedAtPathLimit: false))
        #expect(report.findings.isEmpty, "\(report.findings)")
        let coverage = try #require(report.coverage)
        #expect(
            Self.items(coverage.transitions) == [
                Expected(name: "hand.home next → hand.page (push)", line: 6, count: 2),  // next from R and R+
                Expected(name: "hand.home locked → hand.vault (push)", line: 7, count: 2),  // resumed after G's unlock; met from R+
                Expected(name: "hand.page done (pop)", line: 8, count: 2),  // from P and P+
                Expected(name: "hand.page › peek → hand.vault (present)", line: 9, count: 2),  // from P and P+
                Expected(name: "hand.vault never → hand.home (root)", line: 10, count: 0),  // no command emits it
                Expected(name: "hand.gate left (pop)", line: 15, count: 2),  // leave from G and L
            ])
        #expect(coverage.transitions.items[4].note == "no path within the bounds took it")
        #expect(
            Self.items(coverage.guardOutcomes) == [
                Expected(name: "hand.home locked → hand.vault (push): ready met", line: 7, count: 1),  // locked from R+
                // unlock from G, and from L (the link's edge)
                Expected(name: "hand.home locked → hand.vault (push): ready finished", line: 7, count: 2),
                Expected(name: "hand.home locked → hand.vault (push): ready cancelled", line: 7, count: 4),  // leave and back from G and L
            ])
        #expect(
            Self.items(coverage.links) == [
                Expected(name: "/page", line: 20, count: 1),
                Expected(name: "/vault", line: 20, count: 1),  // once the gate's flow finished
            ])
        #expect(
            Self.items(coverage.screens) == [
                Expected(name: "hand.home", line: 3, count: 1),  // the start
                Expected(name: "hand.page", line: 6, count: 3),  // next, open /page, next from R+
                Expected(name: "hand.vault", line: 7, count: 5),  // peek twice, unlock twice, locked from R+
                Expected(name: "hand.gate", line: 14, count: 2),  // locked, open /vault
            ])
        #expect(
            Self.items(coverage.commands) == [
                Expected(name: "hand.home locked", line: 3, count: 2),
                Expected(name: "hand.home next", line: 3, count: 2),
                Expected(name: "hand.page done", line: 6, count: 2),
                Expected(name: "hand.gate leave", line: 14, count: 2),
                Expected(name: "hand.gate unlock", line: 14, count: 2),
            ])
        #expect(
            Self.items(coverage.flowResults) == [
                Expected(name: "gate.cancelled", line: 13, count: 4),
                Expected(name: "gate.opened", line: 16, count: 2),
            ])
        #expect(coverage.transitions.covered == 5 && coverage.transitions.total == 6)
    }

    @Test func theSampleFlowIsCoveredWhollyWithNoFindingAndTheSameEveryRun() async throws {
        let first = try await Self.explore(Self.sample, modules: FlowShellTestFeatures.modules)
        #expect(first.findings.isEmpty, "\(first.findings)")
        let coverage = try #require(first.coverage)
        for (name, section) in [
            ("transitions", coverage.transitions), ("guard outcomes", coverage.guardOutcomes), ("links", coverage.links),
            ("screens", coverage.screens), ("sub-flow results", coverage.flowResults),
        ] {
            #expect(
                section.covered == section.total && section.total > 0,
                "\(name): \(section.items.filter { !$0.covered }.map(\.name))")
        }
        #expect(coverage.transitions.total == 10 && coverage.guardOutcomes.total == 9 && coverage.links.total == 4)
        // Only the cancelling of a booking waits for a booking, which no path made before the list.
        #expect(coverage.commands.items.filter { !$0.covered }.map(\.name) == ["booking.list cancel"])
        let second = try await Self.explore(Self.sample, modules: FlowShellTestFeatures.modules)
        #expect(second == first)
    }

    /// The sample with `book` pushing the booking instead of presenting it passes `check` (with
    /// a warning now), but confirming then has no modal layer to dismiss.
    @Test func aBookingPushedInsteadOfPresentedCannotBeConfirmed() async throws {
        let pushed = Self.sample.replacingOccurrences(
            of: #""to": "booking.confirm", "style": "present""#,
            with: #""to": "booking.confirm", "style": "push""#)
        #expect(pushed != Self.sample)
        let report = try await Self.explore(pushed, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.map(\.kind) == [.transitionFailed, .transitionFailed])
        let confirm = try #require(report.findings.first)
        #expect(confirm.message == "'confirmed' asks to dismiss, but no modal layer is open")
        #expect(confirm.path == "transitions[6]" && confirm.line == 13)
        #expect(confirm.steps == ["select smart", "book", "login alice", "confirm"])
        #expect(confirm.alsoOn > 0, "found for every car")
        #expect(report.findings[1].message == "'cancelled' asks to dismiss, but no modal layer is open")
        #expect(report.findings[1].line == 14)
    }

    @Test func aScreenThatRefusesOneCarIsFoundWithItsLine() async throws {
        let config = """
            {
              "app": "planted", "root": "cars.list", "modules": ["Cars", "Planted"],
              "transitions": [
                { "from": "cars.list", "on": "selected", "to": "planted.papers", "style": "push" }
              ]
            }
            """
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules + [PlantedFeatures.module])
        #expect(report.findings.map(\.kind) == [.screenFailed])
        let finding = try #require(report.findings.first)
        #expect(finding.message == "cannot open Car papers: the papers of polo are missing")
        #expect(finding.line == 4 && finding.path == "transitions[0]")
        #expect(finding.steps == ["select polo"])
        #expect(finding.alsoOn == 0, "only polo's")
    }

    @Test func aGuardWhoseFlowNeverFinishesIsFoundWithItsLine() async throws {
        // The account's logout, which would finish the flow, is offered only to someone signed in.
        let config = Self.selectingGuarded(
            by: "account", flow: #"{ "root": "auth.account", "finish": { "loggedOut": "finished" } }"#)
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.map(\.kind) == [.guardUnfinished])
        let finding = try #require(report.findings.first)
        #expect(finding.line == 8 && finding.path == "guards.session")
        #expect(finding.message.hasPrefix("flow 'account' of guard 'session' never finished on any path within 12 lines"))
        #expect(finding.steps == ["select smart"])
        let outcomes = try #require(report.coverage?.guardOutcomes.items)
        #expect(outcomes.map(\.covered) == [false, false, true], "only cancelled: \(outcomes.map(\.name))")
    }

    /// A guard's flow that finishes with the condition still not holding is said once, as
    /// such: not also "never finished" (the report said both of one path).
    @Test func aGuardsFlowThatFinishesWithoutTheConditionIsNotAlsoSaidNeverToFinish() async throws {
        // Choosing an operator finishes the flow, and signs no one in.
        let config = Self.selectingGuarded(
            by: "pick", flow: #"{ "root": "cars.operators", "finish": { "chosen": "finished" } }"#)
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.map(\.kind) == [.guardStillUnmet], "\(report.findings.map(\.message))")
        let finding = try #require(report.findings.first)
        #expect(finding.message.hasPrefix("flow 'pick' finished, but "))
        #expect(finding.steps.first == "select smart" && finding.steps.last?.hasPrefix("choose ") == true, "\(finding.steps)")
        let finished = try #require(report.coverage?.guardOutcomes.items.first { $0.name.hasSuffix("session finished") })
        #expect(!finished.covered)
        #expect(
            finished.note == "flow 'pick' finished, but 'session' still did not hold, so the transition did not go on (guard-still-unmet)")
        #expect(report.coverage?.flowResults.items.first { $0.name == "pick.finished" }?.covered == true)
    }

    /// A screen no path reaches has its commands counted, none run: the commands' coverage is
    /// never whole while a screen the config names is not reached (it said 100% of them).
    @Test func theCommandsOfAScreenNoPathReachesAreCountedAndNotCovered() async throws {
        // Nothing leads to the operators from the car list, the root.
        let config = """
            {
              "app": "islands", "root": "cars.list", "modules": ["Cars"],
              "transitions": [
                { "from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "push" }
              ]
            }
            """
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules)
        let coverage = try #require(report.coverage)
        #expect(coverage.screens.items.map(\.name) == ["cars.list", "cars.operators"])
        #expect(coverage.screens.items.map(\.covered) == [true, false])
        let choose = try #require(
            coverage.commands.items.first { $0.name == "cars.operators choose" }, "\(coverage.commands.items.map(\.name))")
        #expect(!choose.covered && choose.count == 0)
        #expect(choose.note == "no path reached its screen")
        #expect(choose.line == 4, "where the config first names the operators")
        #expect(coverage.commands.covered < coverage.commands.total)
    }

    @Test func anEventNoTransitionHandlesIsFoundWhereItsScreenOpened() async throws {
        let unhandled = Self.sample.replacingOccurrences(
            of: #"    { "from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "popTo" },"# + "\n", with: "")
        #expect(unhandled != Self.sample)
        let report = try await Self.explore(unhandled, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.map(\.kind) == [.unhandledEvent])
        let finding = try #require(report.findings.first)
        #expect(finding.message.hasPrefix("Operators (cars.operators) emitted 'chosen', which no transition takes from it in this flow"))
        // Where the operators' screen is opened: the transition of `operators`.
        #expect(finding.path == "transitions[1]" && finding.line == 8)
        #expect(finding.steps == ["operators", "choose CityDrive"])
    }

    @Test func aDeadEndIsFoundWithTheTransitionThatLeadsThere() async throws {
        // Logging out makes the account the only screen, which offers nothing to someone signed out.
        let deadEnd = Self.sample.replacingOccurrences(
            of: #"{ "from": "*", "on": "loggedOut", "to": "cars.list", "style": "root" }"#,
            with: #"{ "from": "*", "on": "loggedOut", "to": "auth.account", "style": "root" }"#)
        #expect(deadEnd != Self.sample)
        let report = try await Self.explore(deadEnd, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.map(\.kind) == [.deadEnd])
        let finding = try #require(report.findings.first)
        #expect(finding.path == "transitions[8]" && finding.line == 15)
        #expect(
            finding.message
                == "Account (auth.account) is a dead end: no command leads anywhere from it and there is nothing to go back to; only quit leaves it"
        )
        #expect(finding.steps == ["account", "login alice", "logout", "back"])
    }

    @Test func aCommandPastItsDeadlineAndOneThatCrashesAreFound() async throws {
        let config = """
            {
              "app": "planted", "root": "planted.faulty", "modules": ["Planted"]
            }
            """
        var options = Self.options
        // The deadline is also how long the line may take in real time, so it is a liveness bound:
        // `linger` is sleeping on the clock long before it on any machine (the test clock reaches
        // the deadline at once; the line then waits the rest in real time).
        options.deadline = .seconds(60)
        let report = try await Self.explore(config, modules: [PlantedFeatures.module], options: options)
        #expect(report.findings.map(\.kind) == [.deadline, .commandFailed])
        #expect(
            report.findings.first?.message
                == "'linger' on Faulty (planted.faulty) did not finish within 60 s: it waits on the clock for longer than that")
        #expect(report.findings.first?.steps == ["linger"])
        #expect(report.findings.last?.message.hasPrefix("'crash' on Faulty (planted.faulty) failed: the command failed: Broken") == true)
        #expect(report.findings.last?.line == 2, "the root's line")
    }

    /// At the root (the operators) Tab offers no car for `/cars/:carID`; once an operator's cars
    /// are listed it does, and the link is opened from the root with each.
    @Test func aLinkWhoseValuesALaterPlaceOffersIsOpenedFromTheRoot() async throws {
        let config = """
            {
              "app": "links", "root": "cars.operators", "modules": ["Cars"],
              "transitions": [
                { "from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "push" },
                { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" }
              ],
              "links": { "/cars/:carID": ["cars.operators", "cars.list", "cars.details"] }
            }
            """
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.isEmpty, "\(report.findings)")
        // Every car of the three operators, each opened once from the root.
        #expect(report.coverage?.links.items.map(\.count) == [7])
    }

    /// A link whose guard opens partway (over the car list it built) and is given up goes back
    /// where the link started: the list closes with the sign-in (the tutorial's flow found it did not).
    @Test func aLinksGuardGivenUpGoesBackWhereTheLinkStarted() async throws {
        let config = """
            {
              "app": "links", "root": "cars.operators", "modules": ["Auth", "Booking", "Cars"],
              "transitions": [
                { "from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "push" },
                { "from": "cars.list", "on": "showBookings", "to": "booking.list", "style": "push", "requires": ["session"] },
                { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" }
              ],
              "flows": {
                "login": { "root": "auth.login", "transitions": [{ "from": "auth.login", "on": "cancelled", "style": "pop" }],
                           "finish": { "loggedIn": "finished" } }
              },
              "guards": { "session": { "flow": "login" } },
              "links": { "/bookings": ["cars.operators", "cars.list", "booking.list"] },
              "examples": { "auth.login": { "login": ["alice"] } }
            }
            """
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules)
        #expect(report.findings.isEmpty, "\(report.findings)")
        let outcomes = try #require(report.coverage?.guardOutcomes.items)
        #expect(outcomes.map(\.covered) == [true, true, true])
        #expect(report.coverage?.links.items.first?.covered == true)
    }

    /// What an operator's refresh waits for passes on the test clock: on a clock that stood
    /// still, the refresh would wait until its deadline.
    @Test func aCommandThatWaitsOnTheClockFinishes() async throws {
        let config = #"{ "app": "wait", "root": "cars.list", "modules": ["Cars"] }"#
        let report = try await Self.explore(config, modules: FlowShellTestFeatures.modules)
        #expect(!report.findings.contains { $0.kind == .deadline }, "\(report.findings)")
        #expect(report.coverage?.commands.items.first { $0.name == "cars.list refresh" }?.count == 1)
    }
}
