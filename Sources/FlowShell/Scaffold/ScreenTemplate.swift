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

    /// The screen's file, `Sources/<typePrefix>Screen.swift`: the whole screen in one type,
    /// written as examples/greeter's `greeter.home` is.
    var source: String {
        ExampleApp.fill(ExampleApp.screen, ["greeter.home": id, "GreeterHome": typePrefix, #"title = "Home""#: #"title = "\#(title)""#])
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

    /// A passing test of the screen, with FlowShellTesting: examples/greeter's.
    func test(module: String) -> String {
        ExampleApp.fill(ExampleApp.screenTest, ["greeter.home": id, "GreeterHome": typePrefix, "Greeter": module])
    }
}
