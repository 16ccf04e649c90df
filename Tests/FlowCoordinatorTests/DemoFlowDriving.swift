@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
import Testing

/// Driving the demo features' flow in process, as the coordinator's suites do: starting it,
/// running a command of the top screen and routing what it emitted, reading the stack.
@MainActor
protocol DemoFlowDriving {}

extension DemoFlowDriving {
    func manifest(_ text: String = NavigationFeaturesTests.flowText) throws -> Manifest {
        try ManifestLoader.decode(Array(text.utf8), file: "flow.json")
    }

    /// The flow of `flowText` on the demo modules, started, its modules' data in `store`.
    func startFlow(
        store: MemoryKeyValueStore = MemoryKeyValueStore(), flowText: String = NavigationFeaturesTests.flowText
    ) async throws -> AppFlowCoordinator {
        let flow = AppFlowCoordinator(
            manifest: try manifest(flowText), catalog: FeatureCatalog([DemoModule.module, DemoNavigationModule.module])
        ) { _ in store }
        try await flow.start()
        return flow
    }

    /// Runs a command on the top screen, then routes what it emitted.
    @discardableResult
    func run(_ flow: AppFlowCoordinator, _ name: String, _ values: [String] = []) async throws -> [Notice] {
        let top = try #require(flow.top)
        flow.enqueue(try await top.screen.perform(name, arguments: values), from: top.screen)
        return await flow.processEvents()
    }

    /// The stack as feature ids, each with its item and `^` when presented.
    func stack(_ flow: AppFlowCoordinator) -> [String] {
        flow.stack.map { "\($0.featureID)\($0.input["item"].map { "(\($0))" } ?? "")\($0.presentation == .presented ? "^" : "")" }
    }
}

/// Parts of the demo flows that the coordinator's suites share.
enum DemoFlowText {
    /// The sub-flows `pick` (a picker whose `next` opens an item) and `signin`, and the guard
    /// `session` that runs `signin`: lines of a flow's JSON, each ending where the next begins.
    static let subFlowsAndGuard = """
        "flows": {
            "pick": {
              "root": "demo.picker",
              "transitions": [ { "from": "demo.picker", "on": "next", "to": "demo.item", "style": "push" } ],
              "finish": { "picked": "picked" }
            },
            "signin": { "root": "demo.login", "finish": { "loggedIn": "done" } }
          },
          "guards": { "session": { "flow": "signin" } },
        """
}
