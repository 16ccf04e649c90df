import FlowCoordinator
import FlowManifest
import FlowShellKit
import Testing

/// The Coordinator role as a pure function: an intent and a stack in, a plan out. No screen is
/// built here; conditions are whatever the test says.
@MainActor
@Suite struct NavigationPlannerTests {
    static let flowText = """
        {
          "app": "demo", "root": "demo.home", "modules": ["Demo", "DemoNav"], "maxDepth": 5,
          "transitions": [
            { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "modal", "flow": "pick", "style": "present" },
            { "from": "demo.home", "on": "pick.picked", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "swap", "to": "demo.item", "style": "replace" },
            { "from": "demo.home", "on": "restart", "to": "demo.item", "style": "root" },
            { "from": "demo.item", "on": "open", "to": "demo.item", "style": "popTo" },
            { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "present", "requires": ["session"] },
            { "from": "demo.item", "on": "swap", "to": "demo.item", "style": "replace" },
            { "from": "demo.item", "on": "close", "style": "pop" },
            { "from": "demo.sheet", "on": "done", "style": "dismiss" },
            { "from": "demo.item", "command": "note", "summary": "Open the item as a sheet", "to": "demo.sheet", "style": "present" }
          ],
          \(DemoFlowText.subFlowsAndGuard)
          "links": { "/sheets/:item": ["demo.home", "demo.item", "demo.sheet"] }
        }
        """

    let planner: NavigationPlanner

    init() throws {
        let manifest = try ManifestLoader.decode(Array(Self.flowText.utf8), file: "flow.json")
        let catalog = FeatureCatalog([DemoModule.module, DemoNavigationModule.module])
        planner = NavigationPlanner(
            manifest: manifest, screens: catalog.features(loading: manifest.modules),
            conditionTitles: ["session": "sign-in"])
    }

    static let home = NavigationEntry(screen: "demo.home", presentation: .root)
    static func item(_ name: String, _ presentation: Presentation = .pushed) -> NavigationEntry {
        NavigationEntry(screen: "demo.item", input: ["item": name], presentation: presentation)
    }

    func plan(_ intent: NavigationIntent, _ stack: [NavigationEntry], guards: [PendingGuard] = [], signedIn: Bool = false) -> NavigationPlan
    {
        planner.plan(intent, stack: stack, guards: guards) { _ in signedIn }
    }

    func event(_ name: String, _ item: String? = nil, from index: Int) -> NavigationIntent {
        .event(FeatureEvent(name, payload: item.map { ["item": $0] } ?? [:]), from: index)
    }

    @Test func everyStyle() {
        let stack = [Self.home, Self.item("a")]
        #expect(plan(event("open", "b", from: 0), [Self.home]) == NavigationPlan(keep: 1, build: [Self.item("b")]))
        #expect(plan(event("swap", "b", from: 1), stack) == NavigationPlan(keep: 1, build: [Self.item("b")]), "replace keeps the place")
        #expect(
            plan(event("swap", "b", from: 0), [Self.home]) == NavigationPlan(keep: 0, build: [Self.item("b", .root)]), "replacing the root")
        #expect(plan(event("restart", "r", from: 0), [Self.home]) == NavigationPlan(keep: 0, build: [Self.item("r", .root)]))
        #expect(plan(event("close", from: 1), stack) == NavigationPlan(keep: 1), "pop")
        let sheet = NavigationEntry(screen: "demo.sheet", input: ["item": "a"], presentation: .presented)
        #expect(plan(event("done", from: 2), stack + [sheet]) == NavigationPlan(keep: 2), "dismiss")
        var pushedSheet = sheet
        pushedSheet.presentation = .pushed
        #expect(
            plan(event("done", from: 2), stack + [pushedSheet]).refusal
                == Notice(.error, "'done' asks to dismiss, but no modal layer is open"))
        #expect(
            plan(event("nowhere", from: 0), [Self.home]).refusal
                == Notice(.warning, "that leads nowhere from demo.home in this flow; nothing changed"))
    }

    @Test func popToGoesBackToAnOpenScreenWithTheSameInputElsePushes() {
        let stack = [Self.home, Self.item("a"), Self.item("b")]
        #expect(plan(event("open", "a", from: 2), stack) == NavigationPlan(keep: 2), "back to item a, closing b")
        #expect(plan(event("open", "c", from: 2), stack) == NavigationPlan(keep: 3, build: [Self.item("c")]))
    }

    @Test func theDepthLimitRefusesAPush() {
        let deep = [Self.home] + (1...4).map { Self.item("\($0)") }
        let refused = plan(event("open", "x", from: 4), deep)
        #expect(refused.build.isEmpty)
        #expect(
            refused.refusal == Notice(.error, "cannot open demo.item: that would make 6 open screens, and this flow allows 5 (maxDepth)"))
    }

    @Test func backHomeAndTheFirstScreen() {
        let stack = [Self.home, Self.item("a"), Self.item("b")]
        #expect(plan(.back, stack) == NavigationPlan(keep: 2))
        #expect(plan(.home, stack) == NavigationPlan(keep: 1))
        #expect(plan(.back, [Self.home]).refusal == Notice(.error, "already at the first screen — nothing to go back to"))
    }

    @Test func anUnmetConditionRunsItsGuardThenResumes() {
        let stack = [Self.home, Self.item("a")]
        let intent = event("modal", "a", from: 1)
        let guarded = plan(intent, stack)
        #expect(guarded.keep == 2)
        #expect(guarded.build == [NavigationEntry(screen: "demo.login", presentation: .presented, flow: "signin", startsFlow: true)])
        #expect(guarded.startsGuard == PendingGuard(index: 2, condition: "session", resume: intent))
        #expect(guarded.notices == [Notice(.info, "sign-in is needed first")])
        // The guard's flow finishes: it closes, and the guard learns the result.
        let login = stack + guarded.build
        let pending = [PendingGuard(index: 2, condition: "session", resume: intent)]
        let finished = plan(.event(FeatureEvent("loggedIn"), from: 2), login, guards: pending, signedIn: true)
        #expect(finished == NavigationPlan(keep: 2, then: .guardFinished(pending[0], result: "done")))
        let cancelled = plan(.back, login, guards: pending)
        #expect(cancelled == NavigationPlan(keep: 2, then: .guardFinished(pending[0], result: "cancelled")))
        // Signed in, the same intent goes straight through.
        #expect(
            plan(intent, stack, signedIn: true).build == [
                NavigationEntry(screen: "demo.sheet", input: ["item": "a"], presentation: .presented)
            ])
    }

    @Test func aSubFlowsResultGoesToTheScreenThatStartedIt() {
        let picker = NavigationEntry(screen: "demo.picker", presentation: .presented, flow: "pick", startsFlow: true)
        let inFlow = NavigationEntry(screen: "demo.item", input: ["item": "x"], presentation: .pushed, flow: "pick")
        let stack = [Self.home, picker, inFlow]
        #expect(
            plan(event("next", "y", from: 1), [Self.home, picker]).build
                == [NavigationEntry(screen: "demo.item", input: ["item": "y"], presentation: .pushed, flow: "pick")],
            "screens inside a flow belong to it")
        #expect(
            plan(.event(FeatureEvent("picked", payload: ["item": "x"]), from: 2), stack)
                == NavigationPlan(keep: 1, then: .event(FeatureEvent("pick.picked", payload: ["item": "x"]), to: 0)))
        #expect(
            plan(.back, [Self.home, picker])
                == NavigationPlan(keep: 1, then: .event(FeatureEvent("pick.cancelled"), to: 0)))
    }

    @Test func aConfigCommandLeadsWithTheScreensOwnInput() {
        let stack = [Self.home, Self.item("a")]
        #expect(
            plan(.command("note", from: 1), stack).build == [
                NavigationEntry(screen: "demo.sheet", input: ["item": "a"], presentation: .presented)
            ])
        #expect(plan(.command("note", from: 0), [Self.home]).refusal == Notice(.error, "unknown command 'note' here — try help"))
    }

    @Test func aLinkIsTheSmallestChangeThroughItsGuards() throws {
        let link = LinkTarget(
            text: "/sheets/a", screens: ["demo.home", "demo.item", "demo.sheet"],
            inputs: [[:], ["item": "a"], ["item": "a"]], requires: [])
        let sheet = NavigationEntry(screen: "demo.sheet", input: ["item": "a"], presentation: .presented)
        #expect(plan(.link(link), [Self.home, Self.item("a"), Self.item("b")], signedIn: true) == NavigationPlan(keep: 2, build: [sheet]))
        // The edge to the sheet needs sign-in: item a is built, then the guard's flow on it.
        let guarded = plan(.link(link), [Self.home])
        #expect(guarded.keep == 1)
        #expect(guarded.build.map(\.screen) == ["demo.item", "demo.login"])
        #expect(guarded.startsGuard == PendingGuard(index: 2, condition: "session", resume: .link(link), origin: 1))
        // Given up, the guard's flow closes with the item the link built for it: back where the link started.
        let opened = [
            Self.home, Self.item("a"), NavigationEntry(screen: "demo.login", presentation: .presented, flow: "signin", startsFlow: true),
        ]
        let pending = try #require(guarded.startsGuard)
        #expect(
            planner.plan(.back, stack: opened, guards: [pending], holds: { _ in false })
                == NavigationPlan(
                    keep: 1,
                    then: .guardFinished(PendingGuard(index: 2, condition: "session", resume: .link(link), origin: 1), result: "cancelled"))
        )
    }

    @Test func restoringKeepsTheDeepestPrefixTheFlowStillReaches() {
        func saved(
            _ screen: String, _ input: [String: String] = [:], _ presentation: Presentation = .pushed,
            flow: String? = nil, flowRoot: Bool = false
        ) -> NavigationEntry {
            NavigationEntry(screen: screen, input: input, presentation: presentation, flow: flow, startsFlow: flowRoot)
        }
        let root = saved("demo.home", [:], .root)
        let whole = planner.restorable([root, saved("demo.item", ["item": "a"]), saved("demo.item", ["item": "b"])]) { _ in false }
        #expect(whole == RestorePlan(entries: [Self.item("a"), Self.item("b")], dropped: [], reason: nil))

        // The presentation comes from the flow, not from the file.
        #expect(planner.restorable([root, saved("demo.item", ["item": "a"], .presented)]) { _ in false }.entries == [Self.item("a")])

        let cases: [([NavigationEntry], [String], String)] = [
            (
                [root, saved("demo.item", ["item": "a"]), saved("demo.sheet", ["item": "a"], .presented)], ["demo.sheet"],
                "sign-in is needed first"
            ),
            ([root, saved("demo.gone")], ["demo.gone"], "not in this flow"),
            (
                [root, saved("demo.item", ["item": "a"], .root)], ["demo.item"],
                "its presentation 'root' is not one a screen above the first can have"
            ),
            ([root, saved("demo.item")], ["demo.item"], "it needs input 'item'"),
            (
                [root, saved("demo.item", ["item": "a"], flow: "pick")], ["demo.item"],
                "it belongs to sub-flow 'pick', which is not running below it"
            ),
            (
                [root, saved("demo.picker", [:], .presented, flow: "nope", flowRoot: true)], ["demo.picker"],
                "its sub-flow 'nope' is not in this flow"
            ),
            (
                [root, saved("demo.login", [:], .presented, flow: "signin", flowRoot: true)], ["demo.login"],
                "it opens only when sign-in is needed"
            ),
            ([root, saved("demo.sheet", ["item": "a"], .presented)], ["demo.sheet"], "nothing in this flow leads there from demo.home"),
            (
                [saved("demo.item", ["item": "a"], .root), saved("demo.item", ["item": "b"])], ["demo.item", "demo.item"],
                "this flow starts at demo.home now"
            ),
        ]
        for (stack, dropped, reason) in cases {
            let plan = planner.restorable(stack) { _ in false }
            #expect(plan.dropped == dropped)
            #expect(plan.reason == reason)
        }
        // A sub-flow started by a transition is restored with it.
        let picking = planner.restorable([
            root, saved("demo.picker", [:], .presented, flow: "pick", flowRoot: true),
            saved("demo.item", ["item": "x"], flow: "pick"),
        ]) { _ in false }
        #expect(picking.entries.count == 2 && picking.reason == nil)
        // Past the depth limit, the rest goes.
        let deep = [root] + (1...7).map { saved("demo.item", ["item": "\($0)"]) }
        let limited = planner.restorable(deep) { _ in false }
        #expect(limited.entries.count == 4)
        #expect(limited.reason == "this flow allows 5 open screens (maxDepth)")
    }
}
