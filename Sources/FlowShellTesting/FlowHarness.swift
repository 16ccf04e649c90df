import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Testing

/// Runs a whole flow from a manifest without a terminal, through the shell's own runtime and
/// dispatcher: type any line (a screen's command or a global one: `back`, `home`, `open LINK`,
/// `help`, `where`, `reload`), and check the navigation stack, the screens and the messages.
///
/// ```swift
/// let flow = try await FlowHarness(config: json, modules: [CarsModule.module, BookingModule.module])
/// try await flow.send("select rio")
/// flow.expectStack(["cars.list", "cars.details"])
/// ```
@MainActor
public final class FlowHarness {
    /// The running flow.
    public let runtime: FlowRuntime
    private let dispatcher: Dispatcher
    private let output = CapturingOutput()

    /// Starts the flow a manifest describes, its modules' services set up in memory (except
    /// those `services` already holds); every error in the config is recorded and thrown.
    public init(config: String, modules: [FeatureModule], services: ServiceContainer = ServiceContainer(),
                sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        do {
            runtime = try await FlowRuntime.start(config: config, modules: modules, services: services)
        } catch {
            Issue.record("the flow does not start:\n\(error.messages.joined(separator: "\n"))", sourceLocation: sourceLocation)
            throw UserFacingError("the flow has errors")
        }
        dispatcher = Dispatcher(runtime: runtime, output: output)
        dispatcher.showTop()
    }

    /// The navigation of the running flow.
    public var flow: AppFlowCoordinator { runtime.flow }

    /// The feature ids of the open screens, bottom first.
    public var stack: [String] { flow.stack.map(\.featureID) }

    /// What the top screen shows.
    public var screen: ViewProperties { flow.top?.screen.viewProperties ?? ViewProperties(title: "") }

    /// What the flow said (warnings, errors, successes) since the last ``expectNotices(_:sourceLocation:)``.
    public var notices: [Notice] { output.notices }

    /// What `help`, `CMD --help` and `where` answered, one line each, since the last call.
    public func takeAnswers() -> [String] {
        defer { output.answers.removeAll() }
        return output.answers
    }

    /// Types a line as at the prompt. A screen command's own error is thrown (navigation's
    /// messages are kept in ``notices``).
    public func send(_ line: String) async throws {
        _ = await dispatcher.run(line)
        if let failure = dispatcher.commandFailure {
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
