@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
import Testing

@MainActor
@Suite struct ManifestValidatorTests {
    static let globals: Set<String> = ["help", "back", "quit"]

    private func diagnostics(
        _ transitions: String, root: String = "demo.home", modules: String = #"["Demo"]"#,
        extraModules: [FeatureModule] = []
    ) throws -> [String] {
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

    @Test func aModulesSettingIsItsOwnAndDefaultsToOneOfItsValues() throws {
        let text = #"{"app": "demo", "root": "demo.home", "modules": ["Demo", "A", "B"]}"#
        let manifest = try ManifestLoader.decode(Array(text.utf8), file: "flow.json")
        let a = FeatureModule(
            name: "A", screens: [FeatureRegistration](),
            settings: [
                ModuleSetting("color", values: ["red"], default: "red", summary: "the shell has one"),
                ModuleSetting("units", values: ["km", "mi"], default: "km", summary: "distances"),
            ])
        let b = FeatureModule(
            name: "B", screens: [FeatureRegistration](),
            settings: [
                ModuleSetting("units", values: ["km"], default: "km", summary: "again"),
                ModuleSetting("speed", values: ["slow", "fast"], default: "medium", summary: "not one of them"),
            ])
        let validator = ManifestValidator(
            catalog: FeatureCatalog([DemoModule.module, a, b]), globalCommands: Self.globals, shellSettings: ["color"])
        let errors = validator.validate(manifest, file: "flow.json").filter { $0.severity == .error }.map(\.message)
        #expect(
            errors == [
                "module A declares a setting 'color', which is the shell's own setting's name",
                "the setting 'units' is declared by both A and B",
                "module B's setting 'speed' defaults to 'medium', which is not one of its values (slow, fast)",
            ])
    }

    static let goodTransitions = """
            { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "present" },
            { "from": "demo.sheet", "on": "done", "style": "dismiss" }
        """

    @Test func acceptsAGoodFlowWarningOnlyAboutUnhandledEvents() throws {
        #expect(
            try diagnostics(Self.goodTransitions) == [
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

    /// Transitions that handle every event DemoModule's screens emit.
    static let everyEventHandled = """
            { "from": "*", "on": "open", "to": "demo.item", "style": "push" },
            { "from": "*", "on": "modal", "to": "demo.sheet", "style": "present" },
            { "from": "*", "on": "swap", "to": "demo.item", "style": "replace" },
            { "from": "*", "on": "restart", "to": "demo.home", "style": "root" },
            { "from": "*", "on": "done", "style": "dismiss" },
            { "from": "*", "on": "close", "style": "pop" },
            { "from": "demo.home", "on": "nowhere", "style": "pop" }
        """

    @Test func aFlowThatHandlesEveryEventHasNoDiagnostics() throws {
        #expect(try diagnostics(Self.everyEventHandled) == [])
    }

    @Test func anEdgeFromAScreenAndFromAnyScreenForOneEventConflict() throws {
        let found = try diagnostics(
            Self.goodTransitions + """
                ,
                    { "from": "*", "on": "open", "to": "demo.item", "style": "replace" }
                """)
        #expect(
            found == [
                "flow.json:6:5: error: transitions[0]: 'open' from 'demo.home' is also handled by transitions[3] (from \"*\"); keep one of them"
            ])
    }

    @Test func warnsAboutAScreenOnlyQuitLeaves() throws {
        let found = try diagnostics(
            """
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
        #expect(
            found == [
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
        #expect(
            found.contains(
                "flow.json:4:14: error: modules: feature 'other.screen' declares a command 'back', which is a global command's name"))
    }

    @Test func warnsAboutUnreachableFeatures() throws {
        let found = try diagnostics(#"    { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" }"#)
        #expect(
            found.contains("flow.json:4:15: warning: modules[0]: feature 'demo.sheet' is loaded but no transition from the root reaches it")
        )
    }

    /// Diagnostics of a whole manifest over the demo modules, sub-flows and links included.
    private func diagnostics(manifest text: String) throws -> [String] {
        let manifest = try ManifestLoader.decode(Array(text.utf8), file: "flow.json")
        let validator = ManifestValidator(
            catalog: FeatureCatalog([DemoModule.module, DemoNavigationModule.module]), globalCommands: Self.globals)
        return validator.validate(manifest, file: "flow.json").map(\.description)
    }

    @Test func refusesSubFlowsThatStartThemselvesThroughOtherFlows() throws {
        let found = try diagnostics(
            manifest: """
                {
                  "app": "demo", "root": "demo.home", "modules": ["Demo", "DemoNav"],
                  "transitions": [ { "from": "demo.home", "on": "modal", "flow": "first", "style": "present" } ],
                  "flows": {
                    "first": { "root": "demo.picker", "finish": { "picked": "done" },
                               "transitions": [ { "from": "demo.picker", "on": "next", "flow": "second", "style": "push" } ] },
                    "second": { "root": "demo.picker", "finish": { "picked": "done" },
                                "transitions": [ { "from": "demo.picker", "on": "next", "to": "demo.item", "style": "push", "requires": ["session"] } ] },
                    "signin": { "root": "demo.login", "finish": { "loggedIn": "done" },
                                "transitions": [ { "from": "demo.login", "on": "loggedIn", "flow": "first", "style": "push" } ] }
                  },
                  "guards": { "session": { "flow": "signin" } }
                }
                """
        ).filter { $0.contains("error:") }
        #expect(
            found == [
                "flow.json:6:80: error: flows.first.transitions[0].flow: flow 'first' would start itself, nested, and never finish: this transition starts flow 'second' (first → second → signin → first)",
                "flow.json:8:121: error: flows.second.transitions[0].requires: flow 'second' would start itself, nested, and never finish: this transition requires 'session', whose guard starts flow 'signin' (second → signin → first → second)",
                "flow.json:10:84: error: flows.signin.transitions[0].flow: flow 'signin' would start itself, nested, and never finish: this transition starts flow 'first' (signin → first → second → signin)",
            ])
    }

    @Test func warnsWhenARootTransitionLeavesTheLinksUnreachable() throws {
        func text(links: String) -> String {
            """
            {
              "app": "demo", "root": "demo.home", "modules": ["Demo"],
              "transitions": [
                { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
                { "from": "demo.item", "on": "modal", "to": "demo.sheet", "style": "root" },
                { "from": "demo.sheet", "on": "open", "to": "demo.item", "style": "root" },
                { "from": "*", "on": "restart", "to": "demo.home", "style": "root" }
              ],
              "links": { \(links) }
            }
            """
        }
        let found = try diagnostics(manifest: text(links: #""/items/:item": ["demo.home", "demo.item"]"#)).filter {
            $0.contains("links start")
        }
        #expect(
            found == [
                "flow.json:5:49: warning: transitions[1].to: 'demo.sheet' becomes the only screen, but links start at the root 'demo.home': after 'modal' no link opens until the shell restarts — go to 'demo.home' instead, or make 'demo.sheet' the root",
                "flow.json:6:49: warning: transitions[2].to: 'demo.item' becomes the only screen, but links start at the root 'demo.home': after 'open' no link opens until the shell restarts — go to 'demo.home' instead, or make 'demo.item' the root",
            ])
        // Without links there is nothing to strand.
        #expect(try diagnostics(manifest: text(links: "")).filter { $0.contains("links start") } == [])
    }
}

/// A second module, with a command that shadows a global one.
enum OtherModule {
    @MainActor static let module = FeatureModule(
        name: "Other",
        screens: [
            FeatureRegistration(id: "other.screen", title: "Other", inputs: ["item"], commands: ["back"]) { _, _ in
                DemoScreen(featureID: "other.screen", title: "Other")
            }
        ])
}

/// The check at the sizes `make bench` measures it at (issue 35): thousands of config commands,
/// a module of tens of thousands of screens. What it finds is what it finds in a small flow, each
/// problem said once, where it is.
@MainActor
@Suite struct LargeFlowCheckTests {
    /// A flow of DemoModule with `commands` (JSON lines of transitions) after a good start, which
    /// handles every event.
    private func check(
        _ commands: [String], modules: [FeatureModule] = [DemoModule.module], root: String = "demo.home",
        loading: String = #"["Demo"]"#
    ) throws -> [Diagnostic] {
        let text = """
            {"app": "demo", "root": "\(root)", "modules": \(loading), "transitions": [
            \(ManifestValidatorTests.everyEventHandled)\(commands.isEmpty ? "" : ",\n" + commands.joined(separator: ",\n"))
            ]}
            """
        let manifest = try ManifestLoader.decode(Array(text.utf8), file: "flow.json")
        return ManifestValidator(catalog: FeatureCatalog(modules), globalCommands: ManifestValidatorTests.globals)
            .validate(manifest, file: "flow.json")
    }

    /// Config commands spread over every screen and `*`, as issue 11's 10k-entry config has them.
    private func commands(_ count: Int) -> [String] {
        let sources = ["*", "demo.home", "demo.item", "demo.sheet"]
        return (0..<count).map { index in
            #"{ "from": "\#(sources[index % sources.count])", "command": "go\#(index)", "summary": "Go", "to": "demo.home", "style": "push" }"#
        }
    }

    @Test func eightThousandConfigCommandsCheckWithNothingToSay() throws {
        #expect(try check(commands(8_000)).isEmpty)
    }

    @Test func eachMistakeAmongThousandsOfCommandsIsSaidOnceWhereItIs() throws {
        var lines = commands(8_000)
        // Line 9 of the file holds the first command, so command i is on line 9 + i.
        lines[1_000] = #"{ "from": "*", "command": "emit", "summary": "Go", "to": "demo.home", "style": "push" }"#
        lines[4_001] = #"{ "from": "demo.home", "command": "go1", "summary": "Go", "to": "demo.home", "style": "push" }"#
        lines[6_000] = #"{ "from": "*", "command": "back", "summary": "Go", "to": "demo.home", "style": "push" }"#
        lines[7_998] = #"{ "from": "demo.sheet", "command": "gone", "summary": "Go", "to": "demo.nowhere", "style": "push" }"#
        let found = try check(lines).map(\.description)
        #expect(
            found == [
                "flow.json:1009:27: error: transitions[1007].command: 'demo.home' has its own command 'emit'; choose another name",
                "flow.json:1009:27: error: transitions[1007].command: 'demo.item' has its own command 'emit'; choose another name",
                "flow.json:1009:27: error: transitions[1007].command: 'demo.sheet' has its own command 'emit'; choose another name",
                "flow.json:4010:1: error: transitions[4008]: a second command 'go1' from 'demo.home' (the first is transitions[8])",
                "flow.json:6009:27: error: transitions[6007].command: 'back' is a global command; choose another name",
                "flow.json:8007:67: error: transitions[8005].to: unknown feature 'demo.nowhere'",
            ], "\(found)")
    }

    @Test func theCommandsAScreenOffersAreItsOwnThenEveryScreensInTheOrderWritten() throws {
        let manifest = try ManifestLoader.decode(
            Array(
                """
                {"app": "demo", "root": "demo.home", "modules": ["Demo"], "transitions": [
                \(commands(8_000).joined(separator: ",\n")),
                { "from": "demo.home", "command": "go4", "summary": "Mine", "to": "demo.home", "style": "push" }
                ]}
                """.utf8), file: "flow.json")
        let offered = TransitionIndex(manifest.transitions).commands(on: "demo.home")
        // demo.home's own (go1, go5, …, then its go4), then every screen's (go0, go8, …) but go4, which it has its own of.
        let own = stride(from: 1, to: 8_000, by: 4).map { "go\($0)" } + ["go4"]
        let shared = stride(from: 0, to: 8_000, by: 4).map { "go\($0)" }.filter { $0 != "go4" }
        #expect(offered.map(\.on) == own + shared)
        #expect(offered.first { $0.on == "go4" }?.summary == "Mine")
    }

    /// A module of 20,000 screens, as a plugin would declare them: each one the root does not
    /// reach is named, in id order, once; the module's screens are found by id.
    @Test func everyScreenOfALargeModuleIsCheckedOnce() throws {
        let screens = (0..<20_000).map { index in
            FeatureRegistration(id: "many.s\(index)", title: "Screen \(index)", events: [EventDeclaration("home")], commands: ["first"]) {
                _, _ in
                DemoScreen(featureID: "many.s\(index)", title: "Screen \(index)")
            }
        }
        let many = FeatureModule(name: "Many", screens: screens)
        let catalog = FeatureCatalog([DemoModule.module, many])
        #expect(catalog.module(of: "many.s19999") == "Many" && catalog.module(of: "demo.item") == "Demo")
        #expect(catalog.module(of: "many.s20000") == nil)

        let found = try check(
            [
                #"{ "from": "*", "on": "home", "to": "many.s0", "style": "root" }"#,
                #"{ "from": "many.s0", "command": "next", "to": "many.s1", "style": "push" }"#,
            ],
            modules: [DemoModule.module, many], root: "many.s0", loading: #"["Demo", "Many"]"#)
        let unreached = found.filter { $0.message.hasSuffix("is loaded but no transition from the root reaches it") }
        let expected = (["demo.home", "demo.item", "demo.sheet"] + (2..<20_000).map { "many.s\($0)" }).sorted()
        #expect(unreached.map { $0.message.split(separator: "'")[1] } == expected.map { Substring($0) })
        #expect(unreached.allSatisfy { $0.severity == .warning })
        #expect(found.count == unreached.count, "nothing else: \(found.filter { !unreached.contains($0) }.prefix(3))")
    }

    @Test func aScreenTwoModulesRegisterIsAConflictNamingTheFirst() {
        let twice = (0..<3).map { index in
            FeatureModule(name: "M\(index)", screens: [DemoModule.registration("shared.screen", events: [])])
        }
        let catalog = FeatureCatalog(twice)
        #expect(
            catalog.conflicts.map(\.description) == [
                "feature id 'shared.screen' is registered by both M0 and M1",
                "feature id 'shared.screen' is registered by both M0 and M2",
            ])
        #expect(catalog.module(of: "shared.screen") == "M0")
    }
}
