import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation

/// What every session of one exploration is made from: the checked flow, its modules and
/// plugins, and the moment the test clock starts at. Each session keeps its data in memory,
/// empty at its start (a database file per session would cost each path its creation, for no
/// difference in what the flow does).
@MainActor
struct SessionLaunch {
    /// The flow, checked once.
    let check: FlowCheck
    /// Where it came from.
    let source: ConfigSource
    /// The linked modules.
    let modules: [FeatureModule]
    /// The flow's plugins: each session runs them in processes of its own.
    let plugins: SessionPlugins
    /// The moment the test clock starts at, in seconds since 1970.
    let startMoment: Double
    /// Every condition the flow names, sorted: whether each holds is part of a place.
    let conditions: [String]
    /// The first session's planner, which the others share (it indexes every transition), but
    /// on a flow with plugins, whose sessions each have their own.
    var planner: NavigationPlanner?
}

/// One session of the flow, as a person at the prompt would have it, with no capability of
/// this machine (no files, no programs): the explorer types lines into it and watches each
/// navigation it causes (``NavigationTrace``), which it reads as what the step covered and
/// what went wrong (``Observation``).
@MainActor
final class ExplorerSession {
    /// What one line did.
    struct LineResult {
        /// What it showed about the flow.
        var observations: [Observation]
        /// Why the command of the top screen failed, when it did.
        var commandFailure: String?
        /// Whether it ran past its deadline.
        var timedOut = false
        /// Whether the test clock stopped at the deadline with work still sleeping past it.
        var clockStopped = false
        /// Why a plugin of the session stopped during the line, when one did (`plugin Slow did
        /// not answer 'command' within 500 ms, so it was stopped`).
        var pluginStopped: String?
    }

    /// A guard's flow that a step started.
    struct StartedGuard {
        let pending: PendingGuard
        /// The transition or link whose requirement started it.
        let site: JSONPath
        /// The stack before it started: cancelling it leads back there.
        let before: [NavigationEntry]
    }

    let runtime: FlowRuntime
    let session: Session
    /// The one loop the session runs on: lines, and the cancel of one past its deadline.
    let loop: SessionLoop
    var lastLineID = 0
    /// Those waiting for a line's end, by the line's id.
    private var lineEndings: [Int: LineEnding] = [:]
    let output = ExplorerOutput()
    let clock: ManualClock
    let pacer: ClockPacer
    let conditions: [String]
    /// Where each open screen came from, bottom first: the transition, link or guard that opened
    /// it (`root` for the first screen; nil when unknown).
    var origins: [JSONPath?] = [JSONPath.root.appending("root")]
    var startedGuards: [StartedGuard] = []
    /// Guards whose flows finished with a result, waiting for what they resume.
    var finishedGuards: [StartedGuard] = []
    var observations: [Observation] = []
    /// Whether a line ran past its deadline and did not stop when cancelled: the session is
    /// not to be used again.
    private(set) var isAbandoned = false

    var flow: AppFlowCoordinator { runtime.flow }
    var manifest: Manifest { flow.manifest }

    /// The session's own plugins, and those of the exploration, which stop them.
    let plugins: (own: PluginLoader, all: SessionPlugins)

    private init(
        runtime: FlowRuntime, clock: ManualClock, pacer: ClockPacer, conditions: [String],
        plugins: (own: PluginLoader, all: SessionPlugins)
    ) {
        self.runtime = runtime
        self.plugins = plugins
        self.conditions = conditions
        self.clock = clock
        self.pacer = pacer
        // A session of the core with no capability (no files, no programs of this machine),
        // cancellable, so that a step past its deadline can be stopped as Ctrl-C would.
        session = Session(runtime: runtime, output: output, capabilities: [], cancellable: true)
        loop = SessionLoop(session: session)
        runtime.flow.observeNavigation = { [weak self] trace in self?.observe(trace) }
    }

    /// Runs the session's loop until ``close()``: each line's end is told to who waits for it.
    private func runLoop() {
        let loop = loop
        Task { [weak self] in
            _ = await loop.run { report in
                if case .lineEnded(let id, _, let cancelled, _) = report {
                    self?.lineEndings[id]?.end(cancelled ? .cancelled : .ran)
                }
            }
        }
    }

    /// A fresh session at the flow's root, with empty data, on a clock of its own.
    static func start(_ launch: SessionLaunch) async throws(FlowRuntime.StartFailure) -> ExplorerSession {
        let (clock, pacer) = ClockPacer.make()
        let services = ServiceContainer()
        services.register(clock as any Clock<Duration>, as: (any Clock<Duration>).self)
        let start = launch.startMoment
        let plugins = launch.plugins.forSession()
        // A planner knows each screen with what builds it: one shared would open every session's
        // plugin screens in the first session's processes.
        let planner = plugins.hasPlugins ? nil : launch.planner
        let runtime: FlowRuntime
        do throws(FlowRuntime.StartFailure) {
            runtime = try await FlowRuntime.start(
                checked: launch.check, source: launch.source, modules: launch.modules,
                dataDirectory: { _ in nil }, services: services,
                now: { start + clock.now.offset.seconds }, plugins: plugins,
                planner: planner)
        } catch {
            launch.plugins.stop(plugins)
            throw error
        }
        let session = ExplorerSession(
            runtime: runtime, clock: clock, pacer: pacer, conditions: launch.conditions,
            plugins: (plugins, launch.plugins))
        await session.session.refreshLinkParameterValues()
        session.runLoop()
        return session
    }

    /// Closes the session's screens (their background work stops), and stops its plugins.
    func close() {
        loop.feed.yield(.end)
        flow.observeNavigation = nil
        flow.closeAll()
        pacer.end()
        plugins.all.stop(plugins.own)
    }

    // MARK: - Lines

    /// Types `line` into the session's loop and waits for its end: the test clock moves while the
    /// line waits on it, up to `deadline` past the line's start; a line still running at the
    /// deadline (in real time) is cancelled, as Ctrl-C would.
    func run(_ line: String, deadline: Duration) async -> LineResult {
        let limit = clock.now.offset + deadline
        let pluginRuns = plugins.own.endedRuns
        pacer.begin(limit: limit)
        let ending = LineEnding()
        lastLineID += 1
        let id = lastLineID
        lineEndings[id] = ending
        loop.feed.yield(.line(line, id: id))
        // Past the deadline (in real time) the line is cancelled through the loop, as Ctrl-C
        // would; a command that does not stop when cancelled is left behind, with its session.
        let feed = loop.feed
        let deadlineTimer = Task { @MainActor [weak self] in
            do { try await Task.sleep(for: deadline) } catch { return }
            ending.clockStopped = self?.clockStopped(at: limit)
            feed.yield(.cancel(id: id))
            do { try await Task.sleep(for: deadline) } catch { return }
            ending.end(.abandoned)
        }
        let outcome = await ending.wait()
        deadlineTimer.cancel()
        lineEndings[id] = nil
        let timedOut = outcome != .ran
        isAbandoned = outcome == .abandoned
        // As seen at the deadline, or since (the pacer may reach the limit after the deadline
        // passed in real time, on a busy machine).
        let clockStopped = ending.clockStopped == true || self.clockStopped(at: limit)
        pacer.end()
        for unresumed in finishedGuards {
            let condition = flow.planner.title(ofCondition: unresumed.pending.condition)
            let flowName = manifest.guards[unresumed.pending.condition]?.flow ?? unresumed.pending.condition
            observations.append(
                .problem(
                    Problem(
                        kind: .guardStillUnmet, place: unresumed.site,
                        message: "flow '\(flowName)' finished, but \(condition) still does not hold: what needed it did not go on")))
        }
        finishedGuards.removeAll()
        // With what the screens' background work caused since the line before.
        defer { observations.removeAll() }
        return LineResult(
            observations: observations, commandFailure: session.commandFailure,
            timedOut: timedOut, clockStopped: clockStopped,
            pluginStopped: plugins.own.endedRuns != pluginRuns ? plugins.own.lastEnding : nil)
    }

    /// Whether work sleeps past `limit`: the pacer stopped there, or would have once it looked.
    private func clockStopped(at limit: Duration) -> Bool {
        pacer.reachedLimit || clock.earliestWake.map { $0 > limit } == true
    }

    // MARK: - Where the session is

    /// The open screens, bottom first.
    var stack: [NavigationEntry] { flow.router.entries }

    /// What the top screen offers now, as the flow shows it (its commands and the config's).
    var topProperties: ViewProperties? { session.topProperties }

    /// The names of the commands the config adds to the top screen.
    var configCommands: Set<String> {
        guard let top = flow.top else { return [] }
        return Set(flow.configCommands(on: top).map(\.name))
    }

    /// The values Tab offers for a link parameter now.
    func linkValues(for parameter: String) -> [String] {
        session.linkValues(for: parameter)
    }

    /// The state the explorer tells apart: the stack, which conditions hold and which guards
    /// are waiting.
    func state() async -> ExplorerState {
        var holding: [String] = []
        for condition in conditions where await flow.isSatisfied(condition) {
            holding.append(condition)
        }
        return ExplorerState(
            stack: stack, holding: holding,
            guards: flow.pendingGuards.map { .init(index: $0.index, condition: $0.condition, resume: Self.describe($0.resume)) })
    }

    /// What an intent asks, the same in every process (a payload's keys sorted).
    private static func describe(_ intent: NavigationIntent) -> String {
        switch intent {
        case .event(let event, let index):
            "\(event.name) from \(index)" + event.payload.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        case .command(let name, let index): "command \(name) from \(index)"
        case .back: "back"
        case .home: "home"
        case .link(let target): "open \(target.text)"
        }
    }

    /// Every condition the flow names, sorted.
    static func conditions(of manifest: Manifest) -> [String] {
        var names = Set(manifest.guards.keys)
        for transition in manifest.transitions + manifest.flows.values.flatMap(\.transitions) {
            names.formUnion(transition.requires)
        }
        for link in manifest.links { names.formUnion(link.requires) }
        return names.sorted()
    }

}

/// How a line the explorer typed ended, as its waiter learns it: by itself, cancelled at its
/// deadline, or left behind when it did not stop.
@MainActor
private final class LineEnding {
    /// How a line ended.
    enum Outcome {
        /// It ended by itself.
        case ran
        /// It was cancelled at its deadline, and stopped.
        case cancelled
        /// It did not stop when cancelled.
        case abandoned
    }

    private var outcome: Outcome?
    private var waiter: CheckedContinuation<Outcome, Never>?
    /// Whether the test clock stopped at the deadline with work sleeping past it, as seen when
    /// the deadline passed; nil when it did not.
    var clockStopped: Bool?

    func end(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        waiter?.resume(returning: outcome)
        waiter = nil
    }

    func wait() async -> Outcome {
        if let outcome { return outcome }
        return await withCheckedContinuation { waiter = $0 }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
