@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation
import Testing

/// Sub-flows, guards, deep links, restoration and reload, in process.
@MainActor
@Suite(.serialized) struct NavigationFeaturesTests: DemoFlowDriving {
    static let flowText = """
        {
          "app": "demo",
          "root": "demo.home",
          "modules": ["Demo", "DemoNav"],
          "transitions": [
            { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "modal", "flow": "pick", "style": "present" },
            { "from": "demo.home", "on": "pick.picked", "to": "demo.item", "style": "push" },
            { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "present", "requires": ["session"] },
            { "from": "demo.sheet", "on": "done", "style": "dismiss" },
            { "from": "demo.item", "on": "open", "to": "demo.item", "style": "push" }
          ],
          \(DemoFlowText.subFlowsAndGuard)
          "links": {
            "/items/:item": ["demo.home", "demo.item"],
            "/codes/:code": ["demo.home", "demo.item"],
            "/sheets/:item": ["demo.home", "demo.item", "demo.sheet"]
          }
        }
        """

    @Test func theManifestIsSound() throws {
        let diagnostics = ManifestValidator(catalog: FeatureCatalog([DemoModule.module, DemoNavigationModule.module]), globalCommands: [])
            .validate(try manifest(), file: "flow.json").filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == [])
    }

    @Test func aSubFlowReportsItsResultAndIsReleased() async throws {
        let flow = try await startFlow()
        try await run(flow, "emit", ["modal"])
        #expect(stack(flow) == ["demo.home", "demo.picker^"])
        try await run(flow, "emit", ["next", "x"])
        #expect(stack(flow) == ["demo.home", "demo.picker^", "demo.item(x)"])
        let flowScreens = flow.stack.dropFirst().map { Weak($0.screen as AnyObject) }
        // Finishing from the flow's root: the whole flow closes, the parent gets pick.picked.
        _ = await flow.back()
        try await run(flow, "emit", ["picked", "chosen"])
        #expect(stack(flow) == ["demo.home", "demo.item(chosen)"])
        #expect(flowScreens.allSatisfy { $0.object == nil }, "the sub-flow's coordinators are released")
    }

    @Test func backingOutOfASubFlowReportsCancelled() async throws {
        let flow = try await startFlow()
        try await run(flow, "emit", ["modal"])
        let notices = await flow.back()
        #expect(notices == [])
        #expect(await flow.processEvents() == [Notice(.warning, "that leads nowhere from demo.home in this flow; nothing changed")])
        #expect(stack(flow) == ["demo.home"])
    }

    @Test func aGuardRunsItsFlowThenTheTransitionContinuesWithItsPayload() async throws {
        let store = MemoryKeyValueStore()
        let flow = try await startFlow(store: store)
        try await run(flow, "emit", ["open", "a"])
        let notices = try await run(flow, "emit", ["modal", "b"])
        #expect(notices == [Notice(.info, "session is needed first")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.login^"])
        try await run(flow, "login")
        #expect(store.value(for: "user") == "alice")
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(b)^"])
        // Now it holds: no guard the second time.
        try await run(flow, "emit", ["done"])
        try await run(flow, "emit", ["modal", "c"])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(c)^"])
    }

    @Test func aConditionWhoseCheckFailsDoesNotHoldAndSaysWhy() async throws {
        let store = MemoryKeyValueStore()
        store.setValue("alice", for: "user")
        store.setValue("yes", for: "unreadable")
        let flow = try await startFlow(store: store)
        try await run(flow, "emit", ["open", "a"])
        let notices = try await run(flow, "emit", ["modal", "b"])
        #expect(
            notices == [
                Notice(.error, "could not tell whether session holds, so it is taken as not holding: the session store cannot be read"),
                Notice(.info, "session is needed first"),
            ])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.login^"])
        // Readable again: signing in passes the guard, and the transition goes on.
        store.setValue(nil, for: "unreadable")
        try await run(flow, "login")
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(b)^"])
    }

    @Test func aCancelledGuardChangesNothing() async throws {
        let flow = try await startFlow()
        try await run(flow, "emit", ["open", "a"])
        try await run(flow, "emit", ["modal", "b"])
        let notices = await flow.back()
        #expect(notices == [Notice(.warning, "cancelled — session is needed for that; nothing changed")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)"])
        #expect(await flow.isSatisfied("session") == false)
    }

    @Test func aLinkBuildsTheSmallestChangeThroughAGuard() async throws {
        let flow = try await startFlow()
        try await run(flow, "emit", ["open", "a"])
        let kept = try #require(flow.stack.last)
        // demo.item(a) stays; only the sheet is added, behind the guard.
        #expect(await flow.open("/sheets/a") == [Notice(.info, "session is needed first")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.login^"])
        try await run(flow, "login")
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(a)^"])
        #expect(flow.stack[1].screen === kept.screen)
        // Another item: the screens from the first difference are replaced.
        #expect(await flow.open("/items/b") == [])
        #expect(stack(flow) == ["demo.home", "demo.item(b)"])
    }

    @Test func aResolverLooksUpAParameterAndAFailureChangesNothing() async throws {
        let flow = try await startFlow()
        #expect(await flow.open("/codes/7") == [])
        #expect(stack(flow) == ["demo.home", "demo.item(item-7)"])
        #expect(await flow.open("/codes/bad") == [Notice(.error, "cannot open /codes/bad: no item has the code 'bad'")])
        #expect(stack(flow) == ["demo.home", "demo.item(item-7)"])
        #expect(
            await flow.open("/nowhere") == [Notice(.error, "no link matches '/nowhere'; links: /items/:item, /codes/:code, /sheets/:item")])
    }

    @Test func eventsEmittedTogetherAreAppliedInOrder() async throws {
        let flow = try await startFlow()
        let home = try #require(flow.top)
        flow.enqueue([FeatureEvent("open", payload: ["item": "1"]), FeatureEvent("modal")], from: home.screen)
        // The second event comes from a screen that is no longer on top, but still open.
        #expect(await flow.processEvents() == [])
        #expect(stack(flow) == ["demo.home", "demo.item(1)", "demo.picker^"])
    }

    @Test func restoringKeepsTheDeepestValidPart() async throws {
        let store = MemoryKeyValueStore(["user": "alice"])
        let first = try await startFlow(store: store)
        try await run(first, "emit", ["open", "a"])
        try await run(first, "emit", ["open", "b"])
        try await run(first, "emit", ["modal", "c"])
        let snapshot = first.snapshot
        #expect(snapshot.screens.map(\.screen) == ["demo.home", "demo.item", "demo.item", "demo.sheet"])

        let same = try await startFlow(store: store)
        #expect(await same.restore(snapshot) == [])
        #expect(stack(same) == ["demo.home", "demo.item(a)", "demo.item(b)", "demo.sheet(c)^"])

        var changed = snapshot
        changed.screens[2].input = [:]  // as if demo.item now needed an input the file lacks
        let partial = try await startFlow(store: store)
        #expect(await partial.restore(changed) == [Notice(.warning, "demo.item and demo.sheet were not reopened: it needs input 'item'")])
        #expect(stack(partial) == ["demo.home", "demo.item(a)"])

        var foreign = snapshot
        foreign.app = "other"
        let fresh = try await startFlow(store: store)
        #expect(
            await fresh.restore(foreign) == [Notice(.warning, "the saved state belongs to app 'other', not 'demo'; starting at the root")])
        #expect(stack(fresh) == ["demo.home"])
    }

    @Test func reloadKeepsTheValidStackAndSaysWhatItDropped() async throws {
        let flow = try await startFlow()
        try await run(flow, "emit", ["modal"])
        try await run(flow, "emit", ["next", "x"])
        let kept = flow.stack[0]
        // The new manifest has no "pick" flow: its screens go.
        let withoutPick = Self.flowText
            .replacingOccurrences(
                of:
                    "\"pick\": {\n      \"root\": \"demo.picker\",\n      \"transitions\": [ { \"from\": \"demo.picker\", \"on\": \"next\", \"to\": \"demo.item\", \"style\": \"push\" } ],\n      \"finish\": { \"picked\": \"picked\" }\n    },\n    ",
                with: ""
            )
            .replacingOccurrences(
                of: "    { \"from\": \"demo.home\", \"on\": \"modal\", \"flow\": \"pick\", \"style\": \"present\" },\n", with: "")
        let newManifest = try manifest(withoutPick)
        #expect(newManifest.flows["pick"] == nil)
        let notices = await flow.reload(newManifest, catalog: FeatureCatalog([DemoModule.module, DemoNavigationModule.module]))
        #expect(notices == [Notice(.warning, "closed demo.picker and x: its sub-flow 'pick' is not in this flow")])
        #expect(stack(flow) == ["demo.home"])
        #expect(flow.stack[0].screen === kept.screen, "screens that stay are not rebuilt")
        #expect(flow.manifest == newManifest)
    }
}
