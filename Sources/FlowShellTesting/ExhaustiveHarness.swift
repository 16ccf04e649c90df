import Clocks
import FlowShellKit
import Testing

/// What ``FeatureHarness`` and ``FlowHarness`` share: whether what screens do by themselves
/// must all be asserted, the end of the test's use, the test's clock and the answers of `help`
/// and `where`. Tests do not make one: they use either harness.
@MainActor
public class ExhaustiveHarness {
    /// What screens pushed by themselves, whether the test took it, and the test's clock.
    let updates: PushedUpdates
    var output: CapturingOutput { updates.output }

    init(updates: PushedUpdates) {
        self.updates = updates
    }

    /// Whether what the screens did must all be asserted (``Exhaustivity``); a test may change
    /// it as it goes.
    public var exhaustivity: Exhaustivity {
        get { updates.unasserted.mode }
        set { updates.unasserted.mode = newValue }
    }

    /// Ends the test's use of the harness: everything not asserted is recorded as an issue here
    /// (when exhaustivity is on). Without it, the same happens when the harness is let go, with
    /// the place it was created.
    public func finish(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        updates.unasserted.finish(at: sourceLocation)
    }

    /// The clock the screens' background work sleeps on, when the test gave one (`clock:`):
    /// ``advance(by:sourceLocation:)`` moves it.
    public var clock: TestClock<Duration>? { updates.clock }

    /// Moves the test clock on, running the screens' work that was sleeping until then. The
    /// work starts and goes back to sleep in its own time: this first waits until it sleeps on
    /// the clock (up to a minute), so that moving the clock wakes it.
    public func advance(by duration: Duration, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await updates.advance(by: duration, sourceLocation: sourceLocation)
    }

    /// What `help`, `CMD --help` and `where` answered, one line each, since the last call.
    public func takeAnswers() -> [String] {
        defer { output.answers.removeAll() }
        return output.answers
    }
}
