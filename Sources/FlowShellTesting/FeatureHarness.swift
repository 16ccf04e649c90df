import FlowCoordinator
import FlowManifest
import FlowShellKit
import Clocks
import FlowShellRuntime
import Testing

/// Runs one screen without a terminal, through the shell's own runtime and session: build it
/// with an input, type commands (its own and the global ones), and check what it shows, its
/// state and which events it emitted. Failures are recorded as test issues with a diff.
///
/// The harness is exhaustive, as TCA's `TestStore` is: every event the screen emits must be
/// checked with ``expectEvents(_:sourceLocation:)`` and every update it pushes by itself
/// taken with ``nextUpdate(sourceLocation:)``. What is left when the harness ends (``finish(sourceLocation:)``,
/// or when the test lets go of it) is recorded as an issue; `exhaustivity: .off` lets it go.
///
/// ```swift
/// let list = try await FeatureHarness(CarsModule.module, "cars.list")
/// try await list.send("filter green")
/// list.expectScreen(contains: ["row: zoe | Renault Zoe | GreenGo | 11/h | 600 m"])
/// try await list.send("select zoe")
/// list.expectEvents([FeatureEvent("selected", payload: ["carID": "zoe"])])
/// ```
@MainActor
public final class FeatureHarness: ExhaustiveHarness {
    /// The screen's module's settings store.
    public let store: MemoryKeyValueStore
    /// The services the screen was built with.
    public let services: ServiceContainer
    private let runtime: FlowRuntime
    private let session: Session
    /// What types the lines, through the session's loop.
    private let typing: LineDriver
    private var emitted: [FeatureEvent] = []
    /// Tests waiting for this many events in all (``receive(_:sourceLocation:)``).
    private let eventWaiters = CountWaiters()
    /// The state last checked by ``expectState(of:sourceLocation:_:)`` (at first, the one loaded).
    private var checkedState: Any?

    /// Builds the screen `featureID` of `module` with `input`. The module sets up its services
    /// in memory, except those `services` already holds (a test's own).
    /// With `clock`, the screen's background work sleeps on it, and the test moves time on.
    public init(
        _ module: FeatureModule, _ featureID: String, input: [String: String] = [:],
        store: MemoryKeyValueStore = MemoryKeyValueStore(), services: ServiceContainer = ServiceContainer(),
        clock: TestClock<Duration>? = nil, exhaustivity: Exhaustivity = .on,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let updates = PushedUpdates(
            harness: "FeatureHarness(\(featureID))", exhaustivity: exhaustivity, clock: clock,
            services: services, createdAt: sourceLocation)
        self.store = store
        self.services = services
        do {
            runtime = try await FlowRuntime.start(screen: featureID, of: module, input: input, store: store, services: services)
        } catch {
            // The screen's own refusal (an unknown car, say) is what a test expects to see.
            if let refusal = error.screenRefusal { throw UserFacingError(refusal) }
            let message = error.messages.joined(separator: "\n")
            Issue.record("\(message)", sourceLocation: sourceLocation)
            throw UserFacingError(message)
        }
        session = Session(runtime: runtime, output: updates.output)
        typing = LineDriver(session: session)
        super.init(updates: updates)
        let unasserted = updates.unasserted
        // Commands' events reach the harness through the session, background work's as the
        // flow queues them.
        runtime.flow.observeBackgroundEvents = { [weak self] events in self?.session.onEvents(events) }
        session.onEvents = { [weak self] events in
            unasserted.emitted(events.map(Self.describe))
            guard let self else { return }
            emitted += events
            eventWaiters.reached(emitted.count)
        }
        checkedState = (runtime.flow.top?.screen as? any StateReporting)?.reportedState
        session.showTop()
    }

    /// Lets go of the updates and events not asserted so far, as TCA's `skipReceivedActions`.
    public func skipUnasserted() {
        updates.skipAll()
        emitted.removeAll()
    }

    /// Shows the screen again, as when the screen above it closed: it runs its `appear`.
    public func appear() async throws {
        try await runtime.flow.top?.screen.appear()
    }

    /// Waits until the screen shows something by itself — its subscriptions, its effects —
    /// and returns it. When nothing comes within a minute (or the test's time limit), that is
    /// recorded as an issue and what the screen shows now is returned.
    @discardableResult
    public func nextUpdate(sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> ViewProperties {
        await updates.next(shown: { properties }, sourceLocation: sourceLocation)
    }

    /// The state of the screen, when it is an `S` (else nil, and an issue).
    public func state<S: Screen>(of type: S.Type, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> S.State? {
        guard let host = runtime.flow.top?.screen as? ScreenHost<S> else {
            Issue.record("the screen is \(runtime.flow.top?.featureID ?? "none"), not \(S.id)", sourceLocation: sourceLocation)
            return nil
        }
        return host.state
    }

    /// Checks the screen's state as TCA's `TestStore` does: `change` turns the state last
    /// checked (at first, the one loaded) into the one expected now; a difference is recorded
    /// with a diff.
    ///
    /// ```swift
    /// try await counter.send("add")
    /// counter.expectState(of: CounterScreen.self) { $0 += 1 }
    /// ```
    public func expectState<S: Screen>(
        of type: S.Type, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ change: (inout S.State) throws -> Void
    ) rethrows {
        guard let actual = state(of: type, sourceLocation: sourceLocation) else { return }
        guard var expected = checkedState as? S.State else {
            Issue.record("no state of \(S.id) was checked before", sourceLocation: sourceLocation)
            checkedState = actual
            return
        }
        try change(&expected)
        checkedState = actual
        if expected != actual {
            Expectations.equal("the state", expected: Self.lines(of: expected), actual: Self.lines(of: actual), at: sourceLocation)
        }
    }

    private static func lines(of value: Any) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n").map(String.init)
    }

    /// What the screen shows now.
    public var properties: ViewProperties { runtime.flow.top?.screen.viewProperties ?? ViewProperties(title: "") }

    /// The events emitted since the last ``expectEvents(_:sourceLocation:)`` (reading them
    /// asserts nothing).
    public var events: [FeatureEvent] { emitted }

    /// Types a command line (split like the shell does) and runs it; its error is thrown.
    public func send(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        output.notices.removeAll()
        _ = await typing.run(line)
        if let failure = session.commandFailure {
            if failure.hasPrefix("unknown command") {
                let names = properties.commands.map(\.name).joined(separator: ", ")
                Issue.record("'\(properties.title)' has no command '\(line)'; it has \(names)", sourceLocation: sourceLocation)
            }
            throw UserFacingError(failure)
        }
        if let error = output.notices.first(where: { $0.style == .error }) {
            output.notices.removeAll()
            throw UserFacingError(error.text)
        }
        output.notices.removeAll()
    }

    /// Checks the whole screen, line by line (see ``ScreenDescription``).
    public func expectScreen(_ lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.equal("the screen", expected: lines, actual: ScreenDescription.lines(properties), at: sourceLocation)
    }

    /// Checks that the screen shows these lines, among others.
    public func expectScreen(contains lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.screen(properties, contains: lines, at: sourceLocation)
    }

    /// Waits until the screen has emitted as many events as `expected` since the last check —
    /// its effects and subscriptions emit them in their own time — then checks them as
    /// ``expectEvents(_:sourceLocation:)`` does. When they do not come within a minute (or the
    /// test's time limit), the events that came are checked, and the difference recorded.
    public func receive(_ expected: [FeatureEvent], sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        _ = await eventWaiters.wait(until: expected.count, current: emitted.count)
        expectEvents(expected, sourceLocation: sourceLocation)
    }

    /// Checks the events emitted since the last call, then forgets them.
    public func expectEvents(_ expected: [FeatureEvent], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = emitted
        emitted.removeAll()
        updates.unasserted.takeEvents()
        Expectations.equal("the events", expected: expected.map(Self.describe), actual: actual.map(Self.describe), at: sourceLocation)
    }

    static func describe(_ event: FeatureEvent) -> String {
        event.name
            + (event.payload.isEmpty
                ? "" : " " + event.payload.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    }
}
