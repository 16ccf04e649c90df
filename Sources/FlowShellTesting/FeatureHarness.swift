import FlowCoordinator
import FlowManifest
import FlowShellKit
import Clocks
import FlowShellRuntime
import Testing

/// Runs one screen without a terminal, through the shell's own runtime and dispatcher: build it
/// with an input, type commands (its own and the global ones), and check what it shows and which
/// events it emitted. Failures are recorded as test issues with a diff of the screen.
///
/// ```swift
/// let list = try await FeatureHarness(CarsModule.module, "cars.list")
/// try await list.send("filter green")
/// list.expectScreen(contains: ["row: zoe | Renault Zoe | GreenGo | 11/h | 600 m"])
/// try await list.send("select zoe")
/// list.expectEvents([FeatureEvent("selected", payload: ["carID": "zoe"])])
/// ```
@MainActor
public final class FeatureHarness {
    /// The screen's module's settings store.
    public let store: MemoryKeyValueStore
    /// The services the screen was built with.
    public let services: ServiceContainer
    private let runtime: FlowRuntime
    private let dispatcher: Dispatcher
    private let output = CapturingOutput()
    private var emitted: [FeatureEvent] = []

    /// Builds the screen `featureID` of `module` with `input`. The module sets up its services
    /// in memory, except those `services` already holds (a test's own).
    /// With `clock`, the screen's background work sleeps on it, and the test moves time on.
    public init(_ module: FeatureModule, _ featureID: String, input: [String: String] = [:],
                store: MemoryKeyValueStore = MemoryKeyValueStore(), services: ServiceContainer = ServiceContainer(),
                clock: TestClock<Duration>? = nil,
                sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        self.store = store
        self.services = services
        self.clock = clock
        if let clock { services.register(clock as any Clock<Duration>, as: (any Clock<Duration>).self) }
        do {
            runtime = try await FlowRuntime.start(screen: featureID, of: module, input: input, store: store, services: services)
        } catch {
            // The screen's own refusal (an unknown car, say) is what a test expects to see.
            if let refusal = error.screenRefusal { throw UserFacingError(refusal) }
            let message = error.messages.joined(separator: "\n")
            Issue.record("\(message)", sourceLocation: sourceLocation)
            throw UserFacingError(message)
        }
        dispatcher = Dispatcher(runtime: runtime, output: output)
        dispatcher.onEvents = { [weak self] in self?.emitted += $0 }
        dispatcher.showTop()
    }

    /// The clock the screen's background work sleeps on, when the test gave one
    /// (`clock:`): ``advance(by:)`` moves it.
    public let clock: TestClock<Duration>?
    /// How many updates the screen made by itself that the test has seen.
    private var updatesSeen = 0

    /// Shows the screen again, as when the screen above it closed: it runs its `appear`.
    public func appear() async throws {
        try await runtime.flow.top?.screen.appear()
    }

    /// Moves the test clock on, running the screen's work that was sleeping until then.
    public func advance(by duration: Duration) async {
        await clock?.advance(by: duration)
    }

    /// Waits until the screen shows something by itself — its subscriptions, its effects —
    /// and returns it (a test's time limit bounds the wait).
    @discardableResult
    public func nextUpdate() async -> ViewProperties {
        updatesSeen += 1
        await output.waitForUpdates(updatesSeen)
        return properties
    }

    /// What the screen shows now.
    public var properties: ViewProperties { runtime.flow.top?.screen.viewProperties ?? ViewProperties(title: "") }

    /// The events emitted since the last ``expectEvents(_:sourceLocation:)``.
    public var events: [FeatureEvent] { emitted }

    /// Types a command line (split like the shell does) and runs it; its error is thrown.
    public func send(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        output.notices.removeAll()
        _ = await dispatcher.run(line)
        if let failure = dispatcher.commandFailure {
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

    /// What `help`, `CMD --help` and `where` answered, one line each, since the last call.
    public func takeAnswers() -> [String] {
        defer { output.answers.removeAll() }
        return output.answers
    }

    /// Checks the whole screen, line by line (see ``ScreenDescription``).
    public func expectScreen(_ lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.equal("the screen", expected: lines, actual: ScreenDescription.lines(properties), at: sourceLocation)
    }

    /// Checks that the screen shows these lines, among others.
    public func expectScreen(contains lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.screen(properties, contains: lines, at: sourceLocation)
    }

    /// Checks the events emitted since the last call, then forgets them.
    public func expectEvents(_ expected: [FeatureEvent], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = emitted
        emitted.removeAll()
        Expectations.equal("the events", expected: expected.map(Self.describe), actual: actual.map(Self.describe), at: sourceLocation)
    }

    static func describe(_ event: FeatureEvent) -> String {
        event.name + (event.payload.isEmpty ? "" : " " + event.payload.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    }
}
