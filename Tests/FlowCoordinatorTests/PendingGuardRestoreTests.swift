@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation
import Testing

/// A guard's interrupted step is part of where the user was: saved with the screens, restored
/// with its flow's screens, and finished or cancelled as if nothing had come between.
@MainActor
@Suite(.serialized) struct PendingGuardRestoreTests: DemoFlowDriving {
    /// The snapshot as a file holds it and as it is read back.
    private func throughAFile(_ snapshot: NavigationSnapshot) throws -> NavigationSnapshot {
        try JSONDecoder().decode(NavigationSnapshot.self, from: JSONEncoder().encode(snapshot))
    }

    private static let sheetB = NavigationIntent.event(FeatureEvent("modal", payload: ["item": "b"]), from: 1)

    /// Signed out on item a, `modal b` asked for the sheet: the sign-in is open, the sheet waits.
    private func interrupted() async throws -> NavigationSnapshot {
        let flow = try await startFlow(store: MemoryKeyValueStore())
        try await run(flow, "emit", ["open", "a"])
        #expect(try await run(flow, "emit", ["modal", "b"]) == [Notice(.info, "session is needed first")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.login^"])
        return flow.snapshot
    }

    @Test func theSavedPlaceCarriesThePendingGuardInAReadableShape() async throws {
        let snapshot = try await interrupted()
        #expect(snapshot.pendingGuards == [PendingGuard(index: 2, condition: "session", resume: Self.sheetB, origin: 2)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let guards = String(decoding: try encoder.encode(snapshot.pendingGuards), as: UTF8.self)
        #expect(
            guards == #"[{"condition":"session","index":2,"origin":2,"#
                + #""resume":{"event":{"name":"modal","payload":{"item":"b"}},"from":1,"kind":"event"}}]"#)
        #expect(try throughAFile(snapshot) == snapshot)
    }

    @Test func everyKindOfStepIsSavedAndReadBack() throws {
        let link = LinkTarget(
            text: "/sheets/a", screens: ["demo.home", "demo.item", "demo.sheet"], inputs: [[:], ["item": "a"], ["item": "a"]],
            requires: ["session"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let cases: [(NavigationIntent, String)] = [
            (.command("note", from: 1), #"{"command":"note","from":1,"kind":"command"}"#),
            (
                .link(link),
                #"{"kind":"link","link":{"inputs":[{},{"item":"a"},{"item":"a"}],"requires":["session"],"#
                    + #""screens":["demo.home","demo.item","demo.sheet"],"text":"\/sheets\/a"}}"#
            ),
            (.back, #"{"kind":"back"}"#),
            (.home, #"{"kind":"home"}"#),
        ]
        for (intent, text) in cases {
            #expect(String(decoding: try encoder.encode(intent), as: UTF8.self) == text)
            #expect(try JSONDecoder().decode(NavigationIntent.self, from: Data(text.utf8)) == intent)
        }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(NavigationIntent.self, from: Data(#"{"kind":"teleport"}"#.utf8)) }
    }

    @Test func aRestoredSignInGoesOnToTheStepItInterrupted() async throws {
        let saved = try throughAFile(try await interrupted())
        let store = MemoryKeyValueStore()
        let flow = try await startFlow(store: store)
        #expect(await flow.restore(saved) == [])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.login^"])
        #expect(flow.pendingGuards == saved.pendingGuards)
        #expect(flow.snapshot == saved, "saved again, it is the same place")
        try await run(flow, "login")
        #expect(store.value(for: "user") == "alice")
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(b)^"])
        #expect(flow.pendingGuards == [])
    }

    @Test func cancellingARestoredSignInGoesBackToWhereTheStepStarted() async throws {
        let flow = try await startFlow(store: MemoryKeyValueStore())
        #expect(await flow.restore(try throughAFile(try await interrupted())) == [])
        #expect(await flow.back() == [Notice(.warning, "cancelled — session is needed for that; nothing changed")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)"])
        #expect(flow.pendingGuards == [])
        #expect(flow.snapshot.pendingGuards == [])
    }

    @Test func aLinksGuardComesBackWithTheScreensTheLinkBuiltBelowIt() async throws {
        let first = try await startFlow(store: MemoryKeyValueStore())
        try await run(first, "emit", ["open", "x"])
        #expect(await first.open("/sheets/a") == [Notice(.info, "session is needed first")])
        #expect(stack(first) == ["demo.home", "demo.item(a)", "demo.login^"])
        let saved = try throughAFile(first.snapshot)
        #expect(saved.pendingGuards.map(\.origin) == [1])

        // Cancelled: the link's item closes with the sign-in, as it would have.
        let cancelled = try await startFlow(store: MemoryKeyValueStore())
        #expect(await cancelled.restore(saved) == [])
        #expect(stack(cancelled) == ["demo.home", "demo.item(a)", "demo.login^"])
        _ = await cancelled.back()
        #expect(stack(cancelled) == ["demo.home"])

        // Finished: the link goes on to its sheet.
        let finished = try await startFlow(store: MemoryKeyValueStore())
        #expect(await finished.restore(saved) == [])
        try await run(finished, "login")
        #expect(stack(finished) == ["demo.home", "demo.item(a)", "demo.sheet(a)^"])
    }

    /// The screens of a saved place, in JSON, where a guard opened the sign-in above item a.
    static let screensAtTheSignIn = """
          {"feature": "demo.home", "input": {}, "presentation": "root", "flowRoot": false},
          {"feature": "demo.item", "input": {"item": "a"}, "presentation": "pushed", "flowRoot": false},
          {"feature": "demo.login", "input": {}, "presentation": "presented", "flow": "signin", "flowRoot": true}
        """

    @Test func anOldSnapshotWithoutGuardsStillRestores() async throws {
        // As files were written before guards were saved, field by field.
        let text = """
            {"v": 1, "app": "demo", "screens": [
            \(Self.screensAtTheSignIn)
            ]}
            """
        let old = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
        #expect(old.v == 1 && old.pendingGuards == [])
        let flow = try await startFlow(store: MemoryKeyValueStore())
        #expect(await flow.restore(old) == [Notice(.warning, "demo.login was not reopened: it opens only when session is needed")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)"])
        // A place with no guard pending is written as before: no new field.
        let written = String(decoding: try JSONEncoder().encode(flow.snapshot), as: UTF8.self)
        #expect(!written.contains("pendingGuards"))
    }

    @Test func aGuardThatCannotBeReadIsLeftOutAndTheRestIsRead() async throws {
        let text = """
            {"v": 1, "app": "demo", "screens": [
            \(Self.screensAtTheSignIn)
            ], "pendingGuards": [
              {"index": 2, "condition": "session", "origin": 2, "resume": {"kind": "teleport"}},
              {"index": 2, "condition": "session", "origin": 2, "resume": {"kind": "event", "event": {"name": "modal", "payload": {"item": "b"}}, "from": 1}}
            ]}
            """
        let saved = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
        #expect(saved.pendingGuards == [PendingGuard(index: 2, condition: "session", resume: Self.sheetB)])
        let flow = try await startFlow(store: MemoryKeyValueStore())
        #expect(await flow.restore(saved) == [])
        try await run(flow, "login")
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(b)^"])
    }

    @Test func aGuardThatNoLongerMakesSenseIsDroppedWithANotice() async throws {
        let saved = try await interrupted()

        // Signed in meanwhile (another tab, another terminal): the sign-in is not needed.
        let signedIn = try await startFlow(store: MemoryKeyValueStore(["user": "alice"]))
        #expect(await signedIn.restore(saved) == [Notice(.warning, "demo.login was not reopened: session is no longer needed")])
        #expect(stack(signedIn) == ["demo.home", "demo.item(a)"])
        #expect(signedIn.pendingGuards == [])

        // The config changed: the sheet no longer needs sign-in, or is not reached at all.
        let gone = Notice(.warning, "demo.login was not reopened: what it was opened for is not in this flow any more")
        let unguarded = NavigationFeaturesTests.flowText.replacingOccurrences(
            of: #""style": "present", "requires": ["session"]"#, with: #""style": "present""#)
        let noSheet = NavigationFeaturesTests.flowText.replacingOccurrences(
            of: #"{ "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "present", "requires": ["session"] },"#, with: "")
        for text in [unguarded, noSheet] {
            #expect(text != NavigationFeaturesTests.flowText)
            let changed = try await startFlow(store: MemoryKeyValueStore(), flowText: text)
            #expect(await changed.restore(saved) == [gone])
            #expect(stack(changed) == ["demo.home", "demo.item(a)"])
            #expect(changed.pendingGuards == [])
        }

        // Its screens were dropped: it goes with them, in the one notice that names them.
        var withoutInput = saved
        withoutInput.screens[1].input = [:]
        let dropped = try await startFlow(store: MemoryKeyValueStore())
        #expect(
            await dropped.restore(withoutInput) == [Notice(.warning, "demo.item and demo.login were not reopened: it needs input 'item'")])
        #expect(stack(dropped) == ["demo.home"])
        #expect(dropped.pendingGuards == [])

        // A file that says nonsense is refused, never followed: another place, another step, no origin.
        let nonsense = [
            PendingGuard(index: 2, condition: "session", resume: .back),
            PendingGuard(index: 2, condition: "session", resume: .home),
            PendingGuard(index: 2, condition: "session", resume: Self.sheetB, origin: -1),
            PendingGuard(index: 2, condition: "session", resume: Self.sheetB, origin: 3),
            PendingGuard(index: 2, condition: "session", resume: .event(FeatureEvent("modal", payload: ["item": "b"]), from: 7)),
            PendingGuard(index: 2, condition: "session", resume: .command("note", from: 1)),
            PendingGuard(index: 2, condition: "elsewhere", resume: Self.sheetB),
        ]
        for pending in nonsense {
            var odd = saved
            odd.pendingGuards = [pending]
            let flow = try await startFlow(store: MemoryKeyValueStore())
            let notices = await flow.restore(odd)
            #expect(notices.count == 1 && notices.first?.text.hasPrefix("demo.login was not reopened: ") == true, "\(pending)")
            #expect(stack(flow) == ["demo.home", "demo.item(a)"])
            #expect(flow.pendingGuards == [])
        }
    }

    @Test func aReloadKeepsASignInThatIsRunningAndItsStep() async throws {
        let flow = try await startFlow(store: MemoryKeyValueStore())
        try await run(flow, "emit", ["open", "a"])
        try await run(flow, "emit", ["modal", "b"])
        let login = try #require(flow.top)
        #expect(await flow.reload(try manifest(NavigationFeaturesTests.flowText), catalog: flow.catalog) == [])
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.login^"])
        #expect(flow.top?.screen === login.screen, "the sign-in is not rebuilt")
        try await run(flow, "login")
        #expect(stack(flow) == ["demo.home", "demo.item(a)", "demo.sheet(b)^"])
    }

    @Test func aReloadThatTakesAGuardsStepAwayClosesItsFlow() async throws {
        let flow = try await startFlow(store: MemoryKeyValueStore())
        try await run(flow, "emit", ["open", "a"])
        try await run(flow, "emit", ["modal", "b"])
        let unguarded = NavigationFeaturesTests.flowText.replacingOccurrences(
            of: #""style": "present", "requires": ["session"]"#, with: #""style": "present""#)
        #expect(
            await flow.reload(try manifest(unguarded), catalog: flow.catalog)
                == [Notice(.warning, "closed login: what it was opened for is not in this flow any more")])
        #expect(stack(flow) == ["demo.home", "demo.item(a)"])
        #expect(flow.pendingGuards == [])
    }

    // MARK: - The planner

    @Test func thePlannerReopensAGuardsFlowOnlyWithItsStep() throws {
        let planner = NavigationPlanner(
            manifest: try manifest(NavigationFeaturesTests.flowText),
            screens: FeatureCatalog([DemoModule.module, DemoNavigationModule.module]).features(loading: ["Demo", "DemoNav"]),
            conditionTitles: ["session": "sign-in"])
        let home = NavigationEntry(screen: "demo.home", presentation: .root)
        let item = NavigationEntry(screen: "demo.item", input: ["item": "a"], presentation: .pushed)
        let login = NavigationEntry(screen: "demo.login", presentation: .presented, flow: "signin", startsFlow: true)
        let pending = PendingGuard(index: 2, condition: "session", resume: Self.sheetB)

        #expect(
            planner.restorable([home, item, login], guards: [pending]) { _ in false }
                == RestorePlan(entries: [item, login], guards: [pending], dropped: [], reason: nil))
        #expect(
            planner.restorable([home, item, login]) { _ in false }
                == RestorePlan(
                    entries: [item], dropped: ["demo.login"], reason: "it opens only when sign-in is needed", guardCondition: "session"))
        #expect(
            planner.restorable([home, item, login], guards: [pending]) { _ in true }
                == RestorePlan(entries: [item], dropped: ["demo.login"], reason: "sign-in is no longer needed", guardCondition: "session"))
        // A guard saved for another place does not open this one.
        #expect(
            planner.restorable([home, item, login], guards: [PendingGuard(index: 1, condition: "session", resume: Self.sheetB)]) { _ in
                false
            }.guards == [])
    }
}
