@testable import FlowCoordinator
import FlowShellKit
import Testing

@MainActor
@Suite struct ManifestValidatorTests {
    static let globals: Set<String> = ["help", "back", "quit"]

    private func diagnostics(_ transitions: String, root: String = "demo.home", modules: String = #"["Demo"]"#,
                             extraModules: [FeatureModule] = []) throws -> [String] {
        let text = """
        {
          "app": "demo",
          "root": "\(root)",
          "modules": \(modules),
          "transitions": [
        \(transitions)
          ]
        }
        """
        let manifest = try ManifestLoader.decode(Array(text.utf8), file: "flow.json")
        let validator = ManifestValidator(catalog: FeatureCatalog([DemoModule.module] + extraModules), globalCommands: Self.globals)
        return validator.validate(manifest, file: "flow.json").map(\.description)
    }

    static let goodTransitions = """
        { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
        { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "present" },
        { "from": "demo.sheet", "on": "done", "style": "dismiss" }
    """

    @Test func acceptsAGoodFlowWarningOnlyAboutUnhandledEvents() throws {
        #expect(try diagnostics(Self.goodTransitions) == [
            "flow.json:4:15: warning: modules[0]: 'demo.home' emits 'modal' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.home' emits 'swap' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.home' emits 'restart' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.home' emits 'nowhere' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.item' emits 'open' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.item' emits 'swap' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.item' emits 'close' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.item' emits 'done' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.item' emits 'restart' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.sheet' emits 'open' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.sheet' emits 'close' but no transition handles it: the command behind it will do nothing",
        ])
    }

    @Test func aFlowThatHandlesEveryEventHasNoDiagnostics() throws {
        #expect(try diagnostics("""
            { "from": "*", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "*", "on": "modal", "to": "demo.sheet", "style": "present" },
            { "from": "*", "on": "swap", "to": "demo.item", "style": "replace" },
            { "from": "*", "on": "restart", "to": "demo.home", "style": "root" },
            { "from": "*", "on": "done", "style": "dismiss" },
            { "from": "*", "on": "close", "style": "pop" },
            { "from": "demo.home", "on": "nowhere", "style": "pop" }
        """) == [])
    }

    @Test func anEdgeFromAScreenAndFromAnyScreenForOneEventConflict() throws {
        let found = try diagnostics(Self.goodTransitions + """
        ,
            { "from": "*", "on": "open", "to": "demo.item", "style": "replace" }
        """)
        #expect(found == [
            "flow.json:6:5: error: transitions[0]: 'open' from 'demo.home' is also handled by transitions[3] (from \"*\"); keep one of them",
        ])
    }

    @Test func warnsAboutAScreenOnlyQuitLeaves() throws {
        let found = try diagnostics("""
            { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "root" },
            { "from": "*", "on": "swap", "to": "demo.item", "style": "replace" },
            { "from": "*", "on": "restart", "to": "demo.home", "style": "root" },
            { "from": "demo.home", "on": "modal", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "nowhere", "style": "pop" },
            { "from": "demo.item", "on": "open", "style": "pop" },
            { "from": "demo.item", "on": "close", "style": "pop" },
            { "from": "demo.item", "on": "done", "style": "pop" }
        """)
        #expect(found == [
            "flow.json:4:15: warning: modules[0]: 'demo.sheet' emits 'open' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.sheet' emits 'done' but no transition handles it: the command behind it will do nothing",
            "flow.json:4:15: warning: modules[0]: 'demo.sheet' emits 'close' but no transition handles it: the command behind it will do nothing",
            "flow.json:7:49: warning: transitions[1].to: 'demo.sheet' becomes the only screen and no transition leads away from it: only quit leaves it",
        ])
    }

    @Test func reportsARootThatNeedsInput() throws {
        let found = try diagnostics(#"    { "from": "demo.item", "on": "done", "style": "pop" }"#, root: "demo.item")
        #expect(found.first == "flow.json:3:11: error: root: the root 'demo.item' needs input (item) that nothing provides at start")
    }

    @Test func reportsCommandsNamedLikeGlobalCommands() throws {
        let found = try diagnostics(Self.goodTransitions, modules: #"["Demo", "Other"]"#, extraModules: [OtherModule.module])
        #expect(found.contains("flow.json:4:14: error: modules: feature 'other.screen' declares a command 'back', which is a global command's name"))
    }

    @Test func warnsAboutUnreachableFeatures() throws {
        let found = try diagnostics(#"    { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" }"#)
        #expect(found.contains("flow.json:4:15: warning: modules[0]: feature 'demo.sheet' is loaded but no transition from the root reaches it"))
    }
}

/// A second module, with a command that shadows a global one.
enum OtherModule {
    @MainActor static let module = FeatureModule(name: "Other", screens: [
        FeatureRegistration(id: "other.screen", title: "Other", inputs: ["item"], commands: ["back"]) { _, _ in
            DemoScreen(featureID: "other.screen", title: "Other")
        },
    ])
}
