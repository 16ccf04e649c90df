import FlowShellRuntime
import FlowShellTerminal
/// The source of one scaffolded screen: one ``Screen`` type in one file, and its test.
struct ScreenTemplate {
    /// The screen's id (`greeting.home`).
    let id: String
    /// The Swift name its types start with (`GreetingHome`).
    let typePrefix: String

    init(id: String) {
        self.id = id
        typePrefix = id.split(separator: ".").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    var title: String {
        id.split(separator: ".").dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The screen's file, `Sources/<typePrefix>Screen.swift`: the whole screen in one type.
    var source: String {
        """
        import FlowShellKit

        /// The \(id) screen: `greet` says hello, `done` emits `finished`.
        struct \(typePrefix)Screen: Screen {
            static let id = "\(id)"
            static let title = "\(title)"

            struct Events: ScreenEvents {
                let finished = Event<Nothing>("the user is done here")
            }

            init(input: Nothing, context: ScreenContext) {}

            /// The state: how many times `greet` was typed.
            func load() -> Int { 0 }

            static let commands: [ScreenCommand<Self>] = [
                .command("greet", "Say hello") { _, greetings, _ in greetings += 1 },
                .command("done", "Leave this screen") { _, _, emit in emit(\\.finished) },
            ]

            static func render(_ greetings: Int) -> ViewProperties {
                ViewProperties(title: title, status: "greeted \\(greetings) time\\(greetings == 1 ? "" : "s")") {
                    Component.heading("Hello from \(id)")
                    if greetings > 0 {
                        Component.message(.success, "Hello!")
                    }
                }
            }
        }

        """
    }

    /// The feature module's registration file.
    static func module(name: String, screens: [ScreenTemplate]) -> String {
        """
        import FlowShellKit

        /// The \(name) feature module.
        public enum \(name)Module {
            /// The module: \(screens.map { "`\($0.id)`" }.joined(separator: ", ")).
            @MainActor public static let module = FeatureModule(
                name: "\(name)",
                screens: [\(screens.map { "\($0.typePrefix)Screen.self" }.joined(separator: ", "))]
            )
        }

        """
    }

    /// A passing test of the screen, with FlowShellTesting.
    func test(module: String) -> String {
        """
        @testable import \(module)
        import FlowShellKit
        import FlowShellTesting
        import Testing

        @MainActor
        @Suite struct \(typePrefix)Tests {
            @Test func greetsAndFinishes() async throws {
                let screen = try await FeatureHarness(\(module)Module.module, "\(id)")
                screen.expectScreen(contains: ["heading: Hello from \(id)", "status: greeted 0 times"])
                try await screen.send("greet")
                screen.expectScreen(contains: ["success: Hello!", "status: greeted 1 time"])
                screen.expectState(of: \(typePrefix)Screen.self) { $0 = 1 }
                try await screen.send("done")
                // The harness is exhaustive: an event left unchecked fails the test.
                screen.expectEvents([FeatureEvent("finished")])
            }
        }

        """
    }
}
