/// The source of one scaffolded screen, following the kit's roles.
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

    /// The files of `Sources/<typePrefix>/`.
    var sources: [(String, String)] {
        [
            ("\(typePrefix)State.swift", """
            /// What the \(id) screen shows.
            struct \(typePrefix)State: Equatable {
                /// How many times `greet` was typed.
                var greetings = 0
            }

            """),
            ("\(typePrefix)Actions.swift", """
            /// What the \(id) screen's commands ask of its feature.
            @MainActor
            protocol \(typePrefix)Actions: AnyObject {
                func greet()
                func finish()
            }

            """),
            ("\(typePrefix)Updater.swift", """
            import FlowShellKit

            /// Builds the \(id) screen from its state.
            final class \(typePrefix)Updater: Updater<\(typePrefix)State> {
                weak var actions: \(typePrefix)Actions?

                override func makeViewProperties(for state: \(typePrefix)State) -> ViewProperties {
                    ViewProperties(
                        title: "\(title)",
                        commands: [
                            Command("greet", summary: "Say hello") { [weak self] arguments in
                                try arguments.expectAtMost(0)
                                self?.actions?.greet()
                            },
                            Command("done", summary: "Leave this screen") { [weak self] arguments in
                                try arguments.expectAtMost(0)
                                self?.actions?.finish()
                            },
                        ],
                        status: "greeted \\(state.greetings) time\\(state.greetings == 1 ? "" : "s")"
                    ) {
                        Component.heading("Hello from \(id)")
                        if state.greetings > 0 {
                            Component.message(.success, "Hello!")
                        }
                    }
                }
            }

            """),
            ("\(typePrefix)Feature.swift", """
            import FlowShellKit

            /// The logic of the \(id) screen: greeting changes its state, `done` emits `finished`.
            final class \(typePrefix)Feature: Feature, \(typePrefix)Actions {
                nonisolated static let id = "\(id)"

                private let updater: \(typePrefix)Updater
                private let emit: @MainActor (String, [String: String]) -> Void

                init(updater: \(typePrefix)Updater, context: FeatureContext) {
                    self.updater = updater
                    self.emit = context.emitter
                }

                func greet() {
                    updater.mutate { $0.greetings += 1 }
                }

                func finish() {
                    emit("finished", [:])
                }
            }

            """),
            ("\(typePrefix)Builder.swift", """
            import FlowShellKit

            /// Builds the \(id) screen and registers it.
            struct \(typePrefix)Builder: Builder {
                func build(context: FeatureContext) async throws -> any Presentable {
                    let updater = \(typePrefix)Updater(state: \(typePrefix)State())
                    let feature = \(typePrefix)Feature(updater: updater, context: context)
                    updater.actions = feature
                    return updater.makeScreen(featureID: \(typePrefix)Feature.id, owning: feature)
                }

                nonisolated static func registration() -> FeatureRegistration {
                    FeatureRegistration(
                        id: \(typePrefix)Feature.id,
                        title: "\(title)",
                        events: [EventDeclaration("finished", summary: "the user is done here")],
                        commands: ["greet", "done"],
                        make: { context in try await \(typePrefix)Builder().build(context: context) }
                    )
                }
            }

            """),
        ]
    }

    /// The feature module's registration file.
    static func module(name: String, screens: [ScreenTemplate]) -> String {
        """
        import FlowShellKit

        /// The \(name) feature module.
        public enum \(name)Module: FeatureModule {
            /// The name manifests list in `modules`.
            public static let name = "\(name)"

            /// The screens: \(screens.map { "`\($0.id)`" }.joined(separator: ", ")).
            public static var features: [FeatureRegistration] {
                [\(screens.map { "\($0.typePrefix)Builder.registration()" }.joined(separator: ", "))]
            }
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
                let screen = try await FeatureHarness(\(module)Module.self, "\(id)")
                screen.expectScreen(contains: ["heading: Hello from \(id)", "status: greeted 0 times"])
                try await screen.send("greet")
                screen.expectScreen(contains: ["success: Hello!", "status: greeted 1 time"])
                try await screen.send("done")
                screen.expectEvents([FeatureEvent("finished")])
            }
        }

        """
    }
}
