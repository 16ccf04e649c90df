import FlowShellKit

/// Tells a test that ``SlowScreen``'s slow command started.
package final class SlowStarts: Sendable {
    /// One element each time the slow command starts.
    package let started: AsyncStream<Void>
    let signal: AsyncStream<Void>.Continuation

    package init() {
        (started, signal) = AsyncStream<Void>.makeStream()
    }
}

/// A screen to drive a session's loop with, in every front end that has one: `slow` runs until
/// cancelled (saying it started), `count` counts, `fail` fails. It shows `count N`.
package struct SlowScreen: Screen {
    package static let id = "slow.home"
    package static let title = "Home"

    let starts: SlowStarts?

    package init(input: Nothing, context: ScreenContext) {
        starts = try? context.services.resolve(SlowStarts.self)
    }

    package func load() -> Int { 0 }

    package static let commands: [ScreenCommand<Self>] = [
        .command("slow", "Runs until cancelled") { screen, count, _ in
            screen.starts?.signal.yield()
            try await Task.sleep(for: .seconds(24 * 60 * 60))
            count = 99
        },
        .command("count", "Counts") { _, count, _ in count += 1 },
        .command("fail", "Fails") { _, _, _ in throw UserFacingError("it broke") },
    ]

    package static func render(_ count: Int) -> ViewProperties {
        ViewProperties(title: title, content: [.text("count \(count)")])
    }

    /// Its module, telling `starts` when the slow command starts.
    package static func module(telling starts: SlowStarts) -> FeatureModule {
        FeatureModule(name: "Slow", screens: [SlowScreen.self]) { container, _ in container.register(starts) }
    }

    /// A flow of its module alone, this screen its root.
    package static let flow = #"{"app": "slow", "root": "slow.home", "modules": ["Slow"]}"#
}
