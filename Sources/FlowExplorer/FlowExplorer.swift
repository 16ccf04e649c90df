import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation

/// `flowshell test`: explores a flow as a model. From a fresh session at the root it tries,
/// breadth first, every step a person could take — each command the top screen offers with each
/// value it offers (and the config's examples), each command the config adds, `back`, `home`,
/// and from the root every deep link with each value its completion offers — each step on a
/// fresh session that types the shortest path to where it is tried. What each step did is read
/// from the navigation it caused (``NavigationTrace``): the transitions it took, how each guard
/// turned out, the results sub-flows handed back, and what failed.
///
/// A place already reached (the same screens, inputs, conditions and waiting guards) is not
/// explored again, nor one whose top screen is open below it (a loop), nor one deeper than the
/// bound; sessions run on a test clock that moves only while a line waits on it.
@MainActor
public final class FlowExplorer {
    /// How far to explore, and how.
    public struct Options: Sendable {
        /// The most lines of one path.
        public var depth = 12
        /// The most paths (steps) to try.
        public var paths = 20_000
        /// The most values of one argument to try (chosen by ``seed`` beyond that).
        public var values = 16
        /// How long one step may take, in real time and on the test clock.
        public var deadline = Duration.seconds(10)
        /// What chooses values when an argument offers more than ``values``.
        public var seed: UInt64 = 1
        /// The moment the test clock starts at, in seconds since 1970: Monday 6 January 2025,
        /// 09:00 UTC, so that what screens show of time is the same on every run.
        public var clock: Double = 1_736_154_000

        /// The defaults, which explore the sample flow wholly.
        public init() {}
    }

    private struct Node {
        var steps: [String]
        var state: ExplorerState
        var session: ExplorerSession?
    }

    /// One step to try from a place: a line, and the screen command it runs, if it runs one.
    private struct Candidate {
        var line: String
        var command: String?
        /// Whether it is `open LINK`.
        var opensLink = false
    }

    private var launch: SessionLaunch
    private let options: Options
    private var recorder: CoverageRecorder
    private let sample: SeededSample
    private var pathsTried = 0
    private var states = 0
    private var deepest = 0
    private var beyondDepth = 0
    private var stoppedAtPathLimit = false
    /// The conditions of guards, and the sub-flows, that run at some place left unexplored (by
    /// the bounds, or a loop): that no path finished them says nothing of their flows.
    private var cutConditions: Set<String> = []
    private var cutFlows: Set<String> = []
    /// The values Tab offered for each link parameter at the places explored, in the order found.
    private var linkValues: [String: [String]] = [:]
    /// The `open LINK` lines tried from the root.
    private var linkLinesTried: Set<String> = []
    /// Sessions kept at a place still to explore, so that its first step needs no replay.
    private var parked = 0
    private static let parkedLimit = 32

    /// An explorer of the flow `check` found sound (from `source`), with the linked `modules`
    /// and the flow's `plugins` (the loader `check` used).
    package init(check: FlowCheck, source: ConfigSource, modules: [FeatureModule], plugins: PluginLoader, options: Options = Options()) {
        launch = SessionLaunch(
            check: check, source: source, modules: modules, plugins: SessionPlugins(loader: plugins), startMoment: options.clock,
            conditions: check.runnableManifest.map(ExplorerSession.conditions(of:)) ?? [])
        self.options = options
        let declared = Dictionary(check.modules.flatMap(\.screens).map { ($0.id, $0.commands) }) { first, _ in first }
        recorder = CoverageRecorder(
            manifest: check.runnableManifest ?? Manifest(app: "", root: "", modules: [], transitions: []),
            file: source.fileName, declaredCommands: declared)
        sample = SeededSample(seed: options.seed)
    }

    /// Explores the flow and reports what it covered and found; a root screen that refuses to
    /// open is a finding. Fails, with the reason, when the app itself cannot start (its services).
    package func explore() async -> Result<ExplorationReport, FlowRuntime.StartFailure> {
        let result = await exploreFromTheRoot()
        // No plugin outlives the exploration: a session left behind keeps its processes till here.
        await launch.plugins.stopAll()
        return result
    }

    private func exploreFromTheRoot() async -> Result<ExplorationReport, FlowRuntime.StartFailure> {
        let first: ExplorerSession
        do {
            first = try await ExplorerSession.start(launch)
        } catch {
            // The root screen refused: the one path, and its finding.
            guard let refusal = error.screenRefusal else { return .failure(error) }
            recorder.report(
                Problem(
                    kind: .screenFailed, place: JSONPath.root.appending("root"),
                    message: "cannot open the root screen '\(recorder.manifest.root)': \(refusal)"), steps: [])
            return .success(report())
        }
        launch.planner = first.runtime.flow.planner
        recorder.record([.screenReached(recorder.manifest.root)], steps: [])
        let root = await first.state()
        var seen: Set<ExplorerState> = [root]
        var queue = [Node(steps: [], state: root, session: first)]
        states = 1
        var next = 0
        func enqueue(_ children: [Node]) {
            for child in children {
                if seen.insert(child.state).inserted {
                    states += 1
                    queue.append(child)
                } else if let session = child.session {
                    session.close()
                    parked -= 1
                }
            }
        }
        while true {
            while next < queue.count {
                let node = queue[next]
                queue[next].session = nil
                next += 1
                if node.session != nil { parked -= 1 }
                guard !stoppedAtPathLimit, node.steps.count < options.depth, !node.state.topRepeatsBelow else {
                    if node.steps.count >= options.depth { beyondDepth += 1 }
                    leaveUnexplored(node)
                    continue
                }
                deepest = max(deepest, node.steps.count)
                enqueue(await expand(node))
            }
            // A link whose values only a later place offered (a car's id, once the car list is
            // open) starts from the root too, as `--open` would.
            let later = linkLines().filter { !linkLinesTried.contains($0.line) }
            guard !later.isEmpty, !stoppedAtPathLimit else { break }
            enqueue(await expand(Node(steps: [], state: root, session: nil), trying: later))
        }
        for link in recorder.manifest.links {
            if let empty = link.parameters.first(where: { linkValues[$0, default: []].isEmpty }) {
                recorder.untried(link: link.path, because: "Tab offered no value for :\(empty) at any place reached")
            }
        }
        recorder.findUnfinishedFlows(depth: options.depth, unexplored: (cutConditions, cutFlows))
        return .success(report())
    }

    /// A place not explored from: what runs there may finish beyond it.
    private func leaveUnexplored(_ node: Node) {
        node.session?.close()
        cutConditions.formUnion(node.state.guards.map(\.condition))
        cutFlows.formUnion(node.state.stack.compactMap(\.flow))
    }

    /// Tries every step from `node`'s place (or only those `trying` names), each on a session at
    /// that place; returns the places the steps led to that may be new (with the session of one,
    /// parked, when there is room).
    private func expand(_ node: Node, trying chosen: [Candidate]? = nil) async -> [Node] {
        var session: ExplorerSession? = node.session
        if session == nil { session = await replay(node) }
        guard let start = session else { return [] }
        gatherLinkValues(at: start)
        let candidates = chosen ?? candidates(in: start, atRoot: node.steps.isEmpty)
        linkLinesTried.formUnion(candidates.filter(\.opensLink).map(\.line))
        var children: [Node] = []
        var leadsOn = false
        let origin = start.origins.last ?? nil
        for (index, candidate) in candidates.enumerated() {
            guard pathsTried < options.paths else {
                stoppedAtPathLimit = true
                leaveUnexplored(Node(steps: node.steps, state: node.state, session: nil))
                break
            }
            let current: ExplorerSession
            if index == 0 {
                current = start
            } else {
                guard let fresh = await replay(node) else { break }
                current = fresh
            }
            let steps = node.steps + [candidate.line]
            let screen = node.state.stack.last.map { current.name(of: $0.screen) } ?? "the first screen"
            let result = await current.run(candidate.line, deadline: options.deadline)
            pathsTried += 1
            recorder.record(result.observations, steps: steps)
            if let command = candidate.command, let screen = node.state.stack.last?.screen {
                recorder.ran(command, on: screen)
            }
            if let failure = result.commandFailure, let command = candidate.command, failure.hasPrefix(Session.unexpectedFailurePrefix) {
                recorder.report(
                    Problem(kind: .commandFailed, place: origin, message: "'\(command)' on \(screen) failed: \(failure)"),
                    steps: steps)
            } else if let stopped = result.pluginStopped, let command = candidate.command, !result.timedOut {
                // The plugin's own deadline, or its crash, ended it during this command: this
                // path's failure (said without the log's path, which is the run's scratch folder).
                recorder.report(
                    Problem(kind: .commandFailed, place: origin, message: "'\(command)' on \(screen) failed: \(stopped)"),
                    steps: steps)
            }
            if result.timedOut {
                let seconds = Self.format(options.deadline)
                let why = result.clockStopped ? ": it waits on the clock for longer than that" : ""
                recorder.report(
                    Problem(
                        kind: .deadline, place: origin,
                        message: "'\(candidate.line)' on \(screen) did not finish within \(seconds) s\(why)"),
                    steps: steps)
                if !current.isAbandoned { current.close() }
                leadsOn = true
                continue
            }
            let state = await current.state()
            if state != node.state { leadsOn = true }
            if state != node.state, parked < Self.parkedLimit {
                parked += 1
                children.append(Node(steps: steps, state: state, session: current))
            } else {
                current.close()
                if state != node.state { children.append(Node(steps: steps, state: state, session: nil)) }
            }
        }
        // Only quit leaves a screen from which every step leads back to it.
        if !leadsOn, chosen == nil, !node.steps.isEmpty, !candidates.isEmpty {
            let title = node.state.stack.last.map { start.name(of: $0.screen) } ?? "the first screen"
            recorder.report(
                Problem(
                    kind: .deadEnd, place: origin,
                    message:
                        "\(title) is a dead end: no command leads anywhere from it and there is nothing to go back to; only quit leaves it"),
                steps: node.steps + ["back"])
        }
        return children
    }

    /// A fresh session that typed `node`'s path, at its place; nil (and a finding) when typing
    /// the path again led elsewhere.
    private func replay(_ node: Node) async -> ExplorerSession? {
        let session: ExplorerSession
        do {
            session = try await ExplorerSession.start(launch)
        } catch {
            return nil
        }
        // What went wrong on the way, which the first time through did not meet: it says why.
        var met: String?
        for line in node.steps {
            let result = await session.run(line, deadline: options.deadline)
            for case .problem(let problem) in result.observations where met == nil {
                met = "; in the fresh session, '\(line)' met: \(problem.message)"
            }
            if result.timedOut { break }
        }
        guard await session.state() == node.state else {
            recorder.report(
                Problem(
                    kind: .nondeterministic, place: session.origins.last ?? nil,
                    message:
                        "typing the same lines in a fresh session did not lead to the same screens: what a screen shows or offers depends on more than the flow (the time, the machine, what a plugin keeps in files)"
                        + (met ?? "")),
                steps: node.steps)
            if !session.isAbandoned { session.close() }
            return nil
        }
        return session
    }

    /// The steps to try from where `session` is: the top screen's commands with their values,
    /// the commands the config adds, `back` and `home`, and at the root every link.
    private func candidates(in session: ExplorerSession, atRoot: Bool) -> [Candidate] {
        var candidates: [Candidate] = []
        if let top = session.stack.last, let properties = session.topProperties {
            let added = session.configCommands
            for command in properties.commands {
                if added.contains(command.name) {
                    candidates.append(Candidate(line: command.name, command: nil))
                    continue
                }
                let variants = CommandVariants(
                    command, on: top.screen, examples: recorder.manifest.examples(of: command.name, on: top.screen),
                    limit: options.values, sample: sample)
                recorder.offered(command.name, on: top.screen, untried: variants.untried)
                candidates += variants.lines.map { Candidate(line: $0, command: command.name) }
            }
        }
        candidates += [Candidate(line: "back"), Candidate(line: "home")]
        if atRoot {
            candidates += linkLines()
        }
        return candidates
    }

    /// Keeps the values Tab offers for each link parameter where `session` is.
    private func gatherLinkValues(at session: ExplorerSession) {
        for parameter in Set(recorder.manifest.links.flatMap(\.parameters)) {
            for value in session.linkValues(for: parameter) where !linkValues[parameter, default: []].contains(value) {
                linkValues[parameter, default: []].append(value)
            }
        }
    }

    /// `open LINK` for every link, with every value (up to the bound) its completion offered
    /// for each parameter at the places explored so far, the others at their first.
    private func linkLines() -> [Candidate] {
        var lines: [Candidate] = []
        for link in recorder.manifest.links {
            let values = link.parameters.map {
                sample.choose(linkValues[$0, default: []], limit: options.values, for: "\(link.pattern) :\($0)")
            }
            guard !values.contains(where: \.isEmpty) else { continue }
            let base = values.map { $0[0] }
            var texts: [[String]] = [base]
            for (index, choices) in values.enumerated() {
                for value in choices.dropFirst() {
                    var words = base
                    words[index] = value
                    texts.append(words)
                }
            }
            for words in texts {
                lines.append(Candidate(line: "open " + CommandLineTokenizer.escape(Self.fill(link, with: words)), opensLink: true))
            }
        }
        return lines
    }

    /// The link's pattern with its parameters replaced by `values`, in order.
    private static func fill(_ link: LinkPattern, with values: [String]) -> String {
        var remaining = values[...]
        let parts = link.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .parameter: return remaining.popFirst() ?? ""
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private func report() -> ExplorationReport {
        ExplorationReport(
            file: launch.source.fileName,
            status: .passed,
            bounds: ExplorationReport.Bounds(
                depth: options.depth, paths: options.paths, values: options.values,
                deadlineSeconds: options.deadline.seconds, seed: options.seed),
            explored: ExplorationReport.Explored(
                paths: pathsTried, states: states, deepest: deepest, beyondDepth: beyondDepth,
                stoppedAtPathLimit: stoppedAtPathLimit),
            coverage: recorder.coverage(),
            findings: recorder.findings(),
            requirements: [])
    }

    /// `10`, `2.5`: seconds as a person writes them.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
