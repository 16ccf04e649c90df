import FlowShellKit

/// The one screen of this example's flow: a number that `add` raises.
struct CounterScreen: Screen {
    static let id = "counter.home"
    static let title = "Counter"

    struct Events: ScreenEvents {}

    init(input: Nothing, context: ScreenContext) {}
    func load() -> Int { 0 }

    static let commands: [ScreenCommand<Self>] = [
        .command("add", "Add one") { _, count, _ in count += 1 }
    ]

    static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: "Counter", content: [.text("count \(count)")])
    }
}

/// The example's flow: its module and config.
public enum CounterFlow {
    @MainActor public static let module = FeatureModule(name: "Counter", screens: [CounterScreen.self])
    public static let config = #"{"app": "counter", "root": "counter.home", "modules": ["Counter"]}"#
}
