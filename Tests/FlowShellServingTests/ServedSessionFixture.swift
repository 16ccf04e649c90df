import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import FlowShellTestSupport

/// A screen that counts (`count`) and fails (`fail`), for a served session's guards to hold.
struct CounterScreen: Screen {
    static let id = "counter.home"
    static let title = "Home"

    init(input: Nothing, context: ScreenContext) {}

    func load() -> Int { 0 }

    static let commands: [ScreenCommand<Self>] = [
        .command("count", "Counts") { _, count, _ in count += 1 },
        .command("fail", "Fails") { _, _, _ in throw UserFacingError("it broke") },
    ]

    static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: title, content: [.text("count \(count)")])
    }
}

/// A session on the counter's flow whose lines pass `handlers`, driven by its loop.
@MainActor
func servedSession(handlers: [any LineHandler]) async throws -> (SessionLoop, KeptOutput, Task<Session.Step, Never>) {
    let module = FeatureModule(name: "Counter", screens: [CounterScreen.self]) { _, _ in }
    let runtime = try await FlowRuntime.start(
        config: #"{"app": "counter", "root": "counter.home", "modules": ["Counter"]}"#, modules: [module])
    let view = KeptOutput()
    let session = Session(runtime: runtime, output: view, handlers: handlers, cancellable: true)
    session.showTop()
    let loop = SessionLoop(session: session)
    let running = Task { await loop.run { _ in } }
    return (loop, view, running)
}
