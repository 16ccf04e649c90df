import FlowShellKit

/// The greeter.home screen: `greet` says hello, `done` emits `finished`.
struct GreeterHomeScreen: Screen {
    static let id = "greeter.home"
    static let title = "Home"

    struct Events: ScreenEvents {
        let finished = Event<Nothing>("the user is done here")
    }

    init(input: Nothing, context: ScreenContext) {}

    /// The state: how many times `greet` was typed.
    func load() -> Int { 0 }

    static let commands: [ScreenCommand<Self>] = [
        .command("greet", "Say hello") { _, greetings, _ in greetings += 1 },
        .command("done", "Leave this screen") { _, _, emit in emit(\.finished) },
    ]

    static func render(_ greetings: Int) -> ViewProperties {
        ViewProperties(title: title, status: "greeted \(greetings) time\(greetings == 1 ? "" : "s")") {
            Component.heading("Hello from greeter.home")
            if greetings > 0 {
                Component.message(.success, "Hello!")
            }
        }
    }
}
