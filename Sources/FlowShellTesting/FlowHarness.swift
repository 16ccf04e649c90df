import FlowCoordinator
import FlowManifest
import FlowShellKit
import Clocks
import FlowShellRuntime
import Testing

/// Runs a whole flow from a manifest without a terminal, through the shell's own runtime and
/// session: type any line (a screen's command or a global one: `back`, `home`, `open LINK`,
/// `help`, `where`, `reload`), and check the navigation stack, the screens and the messages.
///
/// Like ``FeatureHarness`` it is exhaustive: every update the top screen pushes by itself must
/// be taken with ``nextUpdate(sourceLocation:)`` before the harness ends (``finish(sourceLocation:)``, or when
/// the test lets go of it); `exhaustivity: .off` lets them go. The events screens emit are the
/// flow's: the stack they lead to is what a test checks.
///
/// ```swift
/// let flow = try await FlowHarness(config: json, modules: [CarsModule.module, BookingModule.module])
/// try await flow.send("select rio")
/// flow.expectStack(["cars.list", "cars.details"])
/// ```
@MainActor
public final class FlowHarness: ExhaustiveHarness {
    /// The running flow.
    public let runtime: FlowRuntime
    private let session: Session
    /// What types the lines, through the session's loop.
    private let typing: LineDriver

    /// Starts the flow a manifest describes, its modules' services set up in memory (except
    /// those `services` already holds); every error in the config is recorded and thrown.
    /// With `clock`, the screens' background work sleeps on it, and the test moves time on.
    /// `connectedUser` is who connected, as a front end that knows (SSH) would say.
    public init(
        config: String, modules: [FeatureModule], services: ServiceContainer = ServiceContainer(),
        connectedUser: ConnectedUser? = nil, clock: TestClock<Duration>? = nil, exhaustivity: Exhaustivity = .on,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let updates = PushedUpdates(
            harness: "FlowHarness", exhaustivity: exhaustivity, clock: clock, services: services,
            createdAt: sourceLocation)
        do {
            runtime = try await FlowRuntime.start(config: config, modules: modules, services: services, connectedUser: connectedUser)
        } catch {
            Issue.record("the flow does not start:\n\(error.messages.joined(separator: "\n"))", sourceLocation: sourceLocation)
            throw UserFacingError("the flow has errors")
        }
        session = Session(runtime: runtime, output: updates.output)
        typing = LineDriver(session: session)
        super.init(updates: updates)
        session.showTop()
    }

    /// Waits until the top screen shows something by itself and returns it. When nothing comes
    /// within a minute (or the test's time limit), that is recorded as an issue and what the
    /// screen shows now is returned.
    @discardableResult
    public func nextUpdate(sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> ViewProperties {
        await updates.next(shown: { screen }, sourceLocation: sourceLocation)
    }

    /// The navigation of the running flow.
    public var flow: AppFlowCoordinator { runtime.flow }

    /// The feature ids of the open screens, bottom first.
    public var stack: [String] { flow.stack.map(\.featureID) }

    /// What the top screen shows.
    public var screen: ViewProperties { flow.top?.screen.viewProperties ?? ViewProperties(title: "") }

    /// What the flow said (warnings, errors, successes) since the last ``expectNotices(_:sourceLocation:)``.
    public var notices: [Notice] { output.notices }

    /// Types a line as at the prompt. A screen command's own error is thrown (navigation's
    /// messages are kept in ``notices``).
    public func send(_ line: String) async throws {
        _ = await typing.run(line)
        if let failure = session.commandFailure {
            if let index = output.notices.lastIndex(where: { $0.style == .error && $0.text == failure }) {
                output.notices.remove(at: index)
            }
            throw UserFacingError(failure)
        }
    }

    /// Checks the open screens, bottom first.
    public func expectStack(_ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.equal("the stack", expected: expected, actual: stack, at: sourceLocation)
    }

    /// Checks the top screen, line by line (see ``ScreenDescription``).
    public func expectScreen(contains lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.screen(screen, contains: lines, at: sourceLocation)
    }

    /// Checks what the flow said since the last call, then forgets it.
    public func expectNotices(_ expected: [Notice], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = output.notices
        output.notices.removeAll()
        let describe = { (notice: Notice) in "\(notice.style.rawValue): \(notice.text)" }
        Expectations.equal("the notices", expected: expected.map(describe), actual: actual.map(describe), at: sourceLocation)
    }
}
