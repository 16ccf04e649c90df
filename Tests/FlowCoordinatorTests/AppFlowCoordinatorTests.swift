@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation
import Testing

@MainActor
@Suite(.serialized) struct AppFlowCoordinatorTests {
    static let flowText = """
        {
          "app": "demo",
          "root": "demo.home",
          "modules": ["Demo"],
          "transitions": [
            { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.item", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "*", "on": "modal", "to": "demo.sheet", "style": "present" },
            { "from": "demo.sheet", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "*", "on": "done", "style": "dismiss" },
            { "from": "*", "on": "close", "style": "pop" },
            { "from": "*", "on": "swap", "to": "demo.item", "style": "replace" },
            { "from": "*", "on": "restart", "to": "demo.home", "style": "root" }
          ]
        }
        """

    private func startFlow() async throws -> AppFlowCoordinator {
        let manifest = try ManifestLoader.decode(Array(Self.flowText.utf8), file: "flow.json")
        let flow = AppFlowCoordinator(manifest: manifest, catalog: FeatureCatalog([DemoModule.module]))
        try await flow.start()
        return flow
    }

    /// Types `emit EVENT [ITEM]` on the top screen, then routes what it emitted.
    @discardableResult
    private func emit(_ flow: AppFlowCoordinator, _ event: String, _ item: String? = nil) async throws -> [Notice] {
        let top = try #require(flow.top)
        flow.enqueue(try await top.screen.perform("emit", arguments: [event] + (item.map { [$0] } ?? [])), from: top.screen)
        return await flow.processEvents()
    }

    /// The router's layers as titles, e.g. [["demo.home", "a"], ["b"]].
    private func layers(_ flow: AppFlowCoordinator) -> [[String]] {
        flow.router.layers.map { $0.map(\.screen.viewProperties.title) }
    }

    /// The coordinator chain as titles, which must match the router's screens in order.
    private func chain(_ flow: AppFlowCoordinator) -> [String] {
        flow.stack.map { $0.screen.viewProperties.title }
    }

    @Test func startsAtTheRoot() async throws {
        let flow = try await startFlow()
        #expect(layers(flow) == [["demo.home"]])
        #expect(flow.top?.featureID == "demo.home")
        #expect(flow.top?.presentation == .root)
    }

    @Test func pushPresentAndPushInsideAModalLayer() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        try await emit(flow, "modal", "b")
        try await emit(flow, "open", "c")
        #expect(layers(flow) == [["demo.home", "a"], ["b", "c"]])
        #expect(chain(flow) == ["demo.home", "a", "b", "c"])
        #expect(flow.stack.map(\.presentation) == [.root, .pushed, .presented, .pushed])
        #expect(flow.top?.input == FeatureInput(["item": "c"]))
    }

    @Test func dismissClosesTheWholeTopLayer() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        try await emit(flow, "modal", "b")
        try await emit(flow, "open", "c")
        try await emit(flow, "done")
        #expect(layers(flow) == [["demo.home", "a"]])
        #expect(chain(flow) == ["demo.home", "a"])
    }

    @Test func dismissWithNoModalLayerIsRefused() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        let notices = try await emit(flow, "done")
        #expect(notices == [Notice(.error, "'done' asks to dismiss, but no modal layer is open")])
        #expect(layers(flow) == [["demo.home", "a"]])
    }

    @Test func popRemovesTheTopScreenAndDismissesALayerRoot() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        try await emit(flow, "open", "b")
        try await emit(flow, "close")
        #expect(layers(flow) == [["demo.home", "a"]])
        try await emit(flow, "modal", "m")
        try await emit(flow, "close")
        #expect(layers(flow) == [["demo.home", "a"]])
        #expect(chain(flow) == ["demo.home", "a"])
    }

    @Test func replaceSwapsTheTopScreenKeepingItsPresentation() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        try await emit(flow, "swap", "b")
        #expect(layers(flow) == [["demo.home", "b"]])
        try await emit(flow, "modal", "m")
        try await emit(flow, "swap", "n")
        #expect(layers(flow) == [["demo.home", "b"], ["n"]])
        #expect(flow.top?.presentation == .presented)
        #expect(chain(flow) == ["demo.home", "b", "n"])
    }

    @Test func replacingTheRootMakesANewRoot() async throws {
        let flow = try await startFlow()
        try await emit(flow, "swap", "r")
        #expect(layers(flow) == [["r"]])
        #expect(flow.stack.first?.featureID == "demo.item")
        #expect(flow.top?.presentation == .root)
    }

    @Test func rootStyleClearsEverything() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        try await emit(flow, "modal", "m")
        try await emit(flow, "restart")
        #expect(layers(flow) == [["demo.home"]])
        #expect(chain(flow) == ["demo.home"])
    }

    @Test func backAndHome() async throws {
        let flow = try await startFlow()
        #expect(await flow.back() == [Notice(.error, "already at the first screen — nothing to go back to")])
        try await emit(flow, "open", "a")
        try await emit(flow, "modal", "m")
        try await emit(flow, "open", "n")
        #expect(await flow.back() == [])
        #expect(layers(flow) == [["demo.home", "a"], ["m"]])
        #expect(await flow.back() == [])
        #expect(layers(flow) == [["demo.home", "a"]])
        try await emit(flow, "open", "b")
        try await emit(flow, "modal", "m2")
        _ = await flow.home()
        #expect(layers(flow) == [["demo.home"]])
        #expect(chain(flow) == ["demo.home"])
    }

    @Test func anEventWithNoTransitionChangesNothing() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        let before = layers(flow)
        let notices = try await emit(flow, "unheard")
        #expect(notices == [Notice(.warning, "that leads nowhere from demo.item in this flow; nothing changed")])
        #expect(layers(flow) == before)
    }

    @Test func aTargetThatCannotBeBuiltChangesNothing() async throws {
        let flow = try await startFlow()
        let notices = try await emit(flow, "open", "broken")
        #expect(notices == [Notice(.error, "cannot open demo.item: item 'broken' cannot be shown")])
        #expect(layers(flow) == [["demo.home"]])
        #expect(chain(flow) == ["demo.home"])
    }

    /// As deep as a flow may go (`maxDepth` 10,000), reached one push at a time and unwound one
    /// pop at a time: every open screen stays the one pushed at its place, the one uncovered is
    /// on top again, and every screen closed is released.
    @Test func tenThousandPushesAndPopsKeepEachScreenAndReleaseEachClosedOne() async throws {
        let deepFlow = Self.flowText.replacingOccurrences(of: #""app": "demo","#, with: #""app": "demo", "maxDepth": 10000,"#)
        let manifest = try ManifestLoader.decode(Array(deepFlow.utf8), file: "flow.json")
        #expect(manifest.maxDepth == 10_000)
        let flow = AppFlowCoordinator(manifest: manifest, catalog: FeatureCatalog([DemoModule.module]))
        try await flow.start()
        var pushed = [Weak(try #require(flow.top).screen as AnyObject)]
        for depth in 2...10_000 {
            try await emit(flow, "open", "item \(depth)")
            pushed.append(Weak(try #require(flow.top).screen as AnyObject))
        }
        #expect(flow.stack.count == 10_000)
        let keptTheirPlaces = zip(flow.stack, pushed).allSatisfy { $0.screen as AnyObject === $1.object }
        #expect(keptTheirPlaces)
        #expect(flow.router.entries.map { $0.input["item"] } == [nil] + (2...10_000).map { "item \($0)" })
        #expect(flow.router.entries == flow.stack.map(\.entry))
        #expect(
            try await emit(flow, "open", "one more")
                == [Notice(.error, "cannot open demo.item: that would make 10001 open screens, and this flow allows 10000 (maxDepth)")])
        #expect(flow.stack.count == 10_000)

        var misplaced: [Int] = []
        var unreleased: [Int] = []
        for depth in stride(from: 10_000, to: 1, by: -1) {
            #expect(await flow.back().isEmpty)
            if pushed[depth - 1].object != nil { unreleased.append(depth) }
            if flow.stack.count != depth - 1 || flow.top?.screen as AnyObject !== pushed[depth - 2].object { misplaced.append(depth) }
        }
        #expect(unreleased.isEmpty, "screens still alive after they were popped, at depths \(unreleased.prefix(10))")
        #expect(misplaced.isEmpty, "after popping these depths the top was not the screen pushed below: \(misplaced.prefix(10))")
        #expect(flow.stack.count == 1 && flow.top?.screen as AnyObject === pushed[0].object)
        #expect(flow.router.entries == flow.stack.map(\.entry))
    }

    @Test func closedScreensFeaturesAndCoordinatorsAreReleased() async throws {
        let flow = try await startFlow()
        try await emit(flow, "open", "a")
        try await emit(flow, "modal", "m")
        try await emit(flow, "open", "n")
        let closing = flow.stack.dropFirst().map { Weak($0.screen as AnyObject) }
        let screens = flow.stack.dropFirst().map { Weak($0.screen as AnyObject) }
        let features = DemoScreen.live.suffix(3)
        #expect(closing.allSatisfy { $0.object != nil })
        #expect(features.allSatisfy { $0.object != nil })

        try await emit(flow, "done")  // dismisses m and n
        #expect(closing[1].object == nil && closing[2].object == nil)
        #expect(screens[1].object == nil && screens[2].object == nil)
        #expect(Array(features)[1].object == nil && Array(features)[2].object == nil)
        #expect(closing[0].object != nil)

        _ = await flow.back()  // pops a
        #expect(closing[0].object == nil)
        #expect(screens[0].object == nil)
        #expect(Array(features)[0].object == nil)
        #expect(flow.stack.count == 1)
    }
}

@MainActor
@Suite struct RouterTests {
    private func screen(_ name: String, _ presentation: Presentation = .pushed) -> OpenScreen {
        OpenScreen(entry: NavigationEntry(screen: name, presentation: presentation), screen: DemoScreen(featureID: name, title: name))
    }

    private func titles(_ router: Router) -> [[String]] {
        router.layers.map { $0.map(\.screen.viewProperties.title) }
    }

    @Test func keepingAndAddingIsTheOneChange() {
        let router = Router()
        #expect(router.top == nil)
        router.keep(0, adding: [screen("a", .root)])
        #expect(titles(router) == [["a"]])
        router.keep(1, adding: [screen("b"), screen("c", .presented), screen("d")])
        #expect(titles(router) == [["a", "b"], ["c", "d"]], "a presented screen starts a layer")
        #expect(router.top?.featureID == "d")
        #expect(router.entries.map(\.screen) == ["a", "b", "c", "d"])
        router.keep(3, adding: [screen("e")])
        #expect(titles(router) == [["a", "b"], ["c", "e"]])
        router.keep(2)
        #expect(titles(router) == [["a", "b"]])
        router.keep(5)
        #expect(titles(router) == [["a", "b"]], "keeping more than there are keeps them all")
        router.keep(0, adding: [screen("g", .root)])
        #expect(titles(router) == [["g"]])
    }
}

/// The stack's one entry type is the saved state's: its encoding keeps the file's names.
@Suite struct NavigationEntryCodingTests {
    @Test func anEntryIsSavedUnderTheStateFilesNames() throws {
        let entry = NavigationEntry(screen: "demo.login", input: ["next": "x"], presentation: .presented, flow: "signin", startsFlow: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(text == #"{"feature":"demo.login","flow":"signin","flowRoot":true,"input":{"next":"x"},"presentation":"presented"}"#)
        #expect(try JSONDecoder().decode(NavigationEntry.self, from: Data(text.utf8)) == entry)
    }

    @Test func aPresentationTheStackDoesNotKnowIsNotRead() {
        let text = #"{"feature":"demo.item","input":{},"presentation":"sideways","flowRoot":false}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(NavigationEntry.self, from: Data(text.utf8)) }
    }
}
