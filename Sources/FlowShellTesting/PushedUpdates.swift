import Clocks
import FlowShellKit
import FlowShellRuntime
import Testing

/// What both harnesses keep of the screens' own doings: the View they give the session, the
/// updates screens pushed by themselves and whether the test took them, and the test's clock.
@MainActor
final class PushedUpdates {
    /// The View the session shows screens and messages on.
    let output = CapturingOutput()
    /// What the test has not asserted yet.
    let unasserted: Unasserted
    /// The clock the screens' background work sleeps on, when the test gave one.
    let clock: TestClock<Duration>?
    /// How many updates pushed by themselves the test has taken.
    private var taken = 0

    /// Registers `clock` in `services` for the screens' work to sleep on.
    init(
        harness: String, exhaustivity: Exhaustivity, clock: TestClock<Duration>?, services: ServiceContainer,
        createdAt: Testing.SourceLocation
    ) {
        let unasserted = Unasserted(harness: harness, exhaustivity: exhaustivity, createdAt: createdAt)
        self.unasserted = unasserted
        self.clock = clock
        if let clock { services.register(clock as any Clock<Duration>, as: (any Clock<Duration>).self) }
        output.onUpdate = { screen in unasserted.update(ScreenDescription.lines(screen.properties)) }
    }

    deinit {
        unasserted.finish()
    }

    /// Waits for the next update a screen pushed by itself, then returns what `shown` says is
    /// on screen; when none comes in time, that is recorded as an issue.
    func next(shown: () -> ViewProperties, sourceLocation: Testing.SourceLocation) async -> ViewProperties {
        taken += 1
        if await output.waitForUpdates(taken) {
            unasserted.takeUpdate()
        } else {
            Issue.record("'\(shown().title)' pushed no update by itself in time", sourceLocation: sourceLocation)
        }
        return shown()
    }

    /// Moves the test's clock on, once the screens' work sleeps on it.
    func advance(by duration: Duration, sourceLocation: Testing.SourceLocation) async {
        guard let clock else {
            Issue.record("the harness has no clock to move: pass clock: TestClock()", sourceLocation: sourceLocation)
            return
        }
        await clock.advanceOnceSomethingSleeps(by: duration)
    }

    /// Lets go of every update not taken so far.
    func skipAll() {
        unasserted.skipAll()
        taken = output.screens.filter { $0.cause == .update }.count
    }
}
