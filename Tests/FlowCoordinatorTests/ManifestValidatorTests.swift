@testable import FlowCoordinator
import FlowShellKit
import Testing

@Suite struct ManifestValidatorTests {
    static let globals: Set<String> = ["help", "back", "quit"]

    private func diagnostics(_ transitions: String, root: String = "demo.home", modules: String = #"["Demo"]"#,
                             extraModules: [any FeatureModule.Type] = []) throws -> [String] {
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
        let validator = ManifestValidator(catalog: FeatureCatalog([DemoModule.self] + extraModules), globalCommands: Self.globals)
        return validator.validate(manifest, file: "flow.json").map(\.description)
    }

    static let goodTransitions = """
        { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
        { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "present" },
        { "from": "demo.sheet", "on": "done", "style": "dismiss" }
    """

    @Test func acceptsAGoodFlow() throws {
        #expect(try diagnostics(Self.goodTransitions) == [])
    }

    @Test func reportsUnknownModulesAndFeatures() throws {
        let found = try diagnostics("""
            { "from": "demo.hom", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "open", "to": "demo.nothing", "style": "push" }
        """, root: "demo.sheett", modules: #"["Demo", "Demoo"]"#)
        #expect(found == [
            "flow.json:3:11: error: root: unknown feature 'demo.sheett' — did you mean 'demo.sheet'?",
            "flow.json:4:23: error: modules[1]: unknown module 'Demoo' — did you mean 'Demo'?; linked modules: Demo",
            "flow.json:6:15: error: transitions[0].from: unknown feature 'demo.hom' — did you mean 'demo.home'?",
            "flow.json:7:48: error: transitions[1].to: unknown feature 'demo.nothing'",
        ])
    }

    @Test func reportsFeaturesOfModulesTheFlowDoesNotLoad() throws {
        let found = try diagnostics(Self.goodTransitions + """
        ,
            { "from": "demo.home", "on": "swap", "to": "other.screen", "style": "replace" }
        """, extraModules: [OtherModule.self])
        #expect(found == [
            "flow.json:9:48: error: transitions[3].to: target feature 'other.screen' belongs to module Other, which is not listed in 'modules'",
        ])
    }

    @Test func reportsEventsInputsStylesAndDuplicates() throws {
        let found = try diagnostics("""
            { "from": "demo.home", "on": "opn", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "restart", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.home", "on": "open", "to": "demo.sheet", "style": "present" },
            { "from": "demo.item", "on": "close", "to": "demo.home", "style": "pop" },
            { "from": "demo.item", "on": "done", "style": "push" },
            { "from": "*", "on": "never", "style": "dismiss" }
        """)
        #expect(found == [
            "flow.json:6:34: error: transitions[0].on: 'demo.home' never emits 'opn' — did you mean 'open'?; it emits: open, modal, swap, restart, nowhere",
            "flow.json:7:51: error: transitions[1].to: 'demo.item' needs input 'item' that 'restart' from 'demo.home' does not carry",
            "flow.json:9:5: error: transitions[3]: a second transition for 'open' from 'demo.home' (the first is transitions[2])",
            "flow.json:10:49: error: transitions[4].to: style 'pop' closes a screen and takes no 'to'",
            "flow.json:11:5: error: transitions[5]: style 'push' needs a 'to' feature",
            "flow.json:12:26: error: transitions[6].on: no loaded feature emits 'never'",
        ])
    }

    @Test func reportsARootThatNeedsInput() throws {
        let found = try diagnostics(#"    { "from": "demo.item", "on": "done", "style": "pop" }"#, root: "demo.item")
        #expect(found.first == "flow.json:3:11: error: root: the root 'demo.item' needs input (item) that nothing provides at start")
    }

    @Test func reportsCommandsNamedLikeGlobalCommands() throws {
        let found = try diagnostics(Self.goodTransitions, modules: #"["Demo", "Other"]"#, extraModules: [OtherModule.self])
        #expect(found.contains("flow.json:4:14: error: modules: feature 'other.screen' declares a command 'back', which is a global command's name"))
    }

    @Test func warnsAboutUnreachableFeatures() throws {
        let found = try diagnostics(#"    { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" }"#)
        #expect(found == ["flow.json:4:14: warning: modules: feature 'demo.sheet' is loaded but no transition from the root reaches it"])
    }
}

/// A second module, with a command that shadows a global one.
enum OtherModule: FeatureModule {
    static let name = "Other"
    static var features: [FeatureRegistration] {
        [FeatureRegistration(id: "other.screen", title: "Other", inputs: ["item"], commands: ["back"]) { _ in
            Screen(featureID: "other.screen")
        }]
    }
}
