import FlowCoordinator
import FlowManifest
import FlowShellKit

/// Keeps what the steps of an exploration covered and what went wrong on them, and makes the
/// report: the items to cover come from the config (its transitions, requirements, links,
/// screens and sub-flows) and from what the screens offered (their commands).
struct CoverageRecorder {
    private struct GuardKey: Hashable {
        let site: JSONPath
        let condition: String
        let outcome: GuardOutcome
    }

    private struct GuardSite: Hashable {
        let site: JSONPath
        let condition: String
    }

    private struct CommandKey: Hashable, Comparable {
        let screen: String
        let command: String

        static func < (lhs: CommandKey, rhs: CommandKey) -> Bool {
            (lhs.screen, lhs.command) < (rhs.screen, rhs.command)
        }
    }

    private struct FindingKey: Hashable {
        let kind: FindingKind
        let place: JSONPath?
        let message: String
    }

    private struct Found {
        let problem: Problem
        let steps: [String]
        var alsoOn = 0
    }

    let manifest: Manifest
    let file: String
    /// The commands each screen declares (by its id), whether or not a path reaches it.
    private let declaredCommands: [String: [String]]
    private var transitions: [JSONPath: Int] = [:]
    private var guardOutcomes: [GuardKey: Int] = [:]
    /// The guards (site, condition) whose flow finished with a result on some path, whether or
    /// not what needed the condition went on after it.
    private var guardFlowsFinished: Set<GuardSite> = []
    /// Where each guard first started (its condition, the steps), for a guard no path finishes.
    private var guardsStarted: [String: [String]] = [:]
    private var flowsStarted: [String: [String]] = [:]
    private var links: [JSONPath: Int] = [:]
    private var linkNotes: [JSONPath: String] = [:]
    private var screens: [String: Int] = [:]
    private var commands: [CommandKey: Int] = [:]
    private var commandNotes: [CommandKey: String] = [:]
    private var flowResults: [String: Int] = [:]
    private var found: [FindingKey: Found] = [:]
    private var foundOrder: [FindingKey] = []

    /// A recorder for `manifest` (from `file`), whose screens declare `declaredCommands` (by id).
    init(manifest: Manifest, file: String, declaredCommands: [String: [String]] = [:]) {
        self.manifest = manifest
        self.file = file
        self.declaredCommands = declaredCommands
    }

    // MARK: - Recording

    /// What a step showed, on the path `steps`.
    mutating func record(_ observations: [Observation], steps: [String]) {
        for observation in observations {
            switch observation {
            case .transitionTaken(let path): transitions[path, default: 0] += 1
            case .guardStarted(_, let condition): if guardsStarted[condition] == nil { guardsStarted[condition] = steps }
            case .guardFlowFinished(let site, let condition): guardFlowsFinished.insert(GuardSite(site: site, condition: condition))
            case .flowStarted(let flow): if flowsStarted[flow] == nil { flowsStarted[flow] = steps }
            case .guardOutcome(let site, let condition, let outcome):
                guardOutcomes[GuardKey(site: site, condition: condition, outcome: outcome), default: 0] += 1
            case .linkBuilt(let path): links[path, default: 0] += 1
            case .screenReached(let screen): screens[screen, default: 0] += 1
            case .flowResult(let flow, let result): flowResults["\(flow).\(result)", default: 0] += 1
            case .problem(let problem): report(problem, steps: steps)
            }
        }
    }

    /// A failure on the path `steps`: the first (shortest) path is kept, the others counted.
    mutating func report(_ problem: Problem, steps: [String]) {
        let key = FindingKey(kind: problem.kind, place: problem.place, message: problem.message)
        if found[key] != nil {
            found[key]?.alsoOn += 1
        } else {
            found[key] = Found(problem: problem, steps: steps)
            foundOrder.append(key)
        }
    }

    /// The command `command` of `screen` was offered; `note` says why no line can run it, when none can.
    mutating func offered(_ command: String, on screen: String, untried note: String?) {
        let key = CommandKey(screen: screen, command: command)
        if commands[key] == nil { commands[key] = 0 }
        if let note, commandNotes[key] == nil { commandNotes[key] = note }
    }

    /// A line ran the command `command` of `screen`.
    mutating func ran(_ command: String, on screen: String) {
        commands[CommandKey(screen: screen, command: command), default: 0] += 1
    }

    /// A link could not be tried, and why.
    mutating func untried(link: JSONPath, because note: String) {
        linkNotes[link] = note
    }

    /// After the exploration: a guard or sub-flow that started on some path and that no path
    /// finished is a finding, shown by the path that started it — unless it ran at a place left
    /// `unexplored` (its guard's condition, or the sub-flow), where it might have finished.
    mutating func findUnfinishedFlows(depth: Int, unexplored: (conditions: Set<String>, flows: Set<String>)) {
        for condition in guardsStarted.keys.sorted() where !unexplored.conditions.contains(condition) {
            guard let definition = manifest.guards[condition], let steps = guardsStarted[condition] else { continue }
            // A flow that finished while the condition still did not hold is guard-still-unmet,
            // found on the path that finished it: it is not also said never to have finished.
            let finished = guardFlowsFinished.contains { $0.condition == condition }
            guard !finished else { continue }
            report(
                Problem(
                    kind: .guardUnfinished, place: definition.path,
                    message:
                        "flow '\(definition.flow)' of guard '\(condition)' never finished on any path within \(depth) lines, so nothing that needs '\(condition)' went on after it\(untriedCommands(in: definition.flow))"
                ),
                steps: steps)
        }
        for flow in flowsStarted.keys.sorted() where !unexplored.flows.contains(flow) {
            guard let subFlow = manifest.flows[flow], let steps = flowsStarted[flow] else { continue }
            let finished = subFlow.finish.values.contains { (flowResults["\(flow).\($0)"] ?? 0) > 0 }
            guard !finished else { continue }
            report(
                Problem(
                    kind: .flowUnfinished, place: subFlow.path,
                    message: "flow '\(flow)' never finished with a result on any path within \(depth) lines\(untriedCommands(in: flow))"),
                steps: steps)
        }
    }

    /// `; not tried: login on auth.login (…)`, for the commands of a flow's screens that no line ran.
    private func untriedCommands(in flow: String) -> String {
        guard let subFlow = manifest.flows[flow] else { return "" }
        let screens = Set([subFlow.root] + subFlow.transitions.compactMap(\.to))
        let untried = commandNotes.keys.filter { screens.contains($0.screen) && (commands[$0] ?? 0) == 0 }.sorted()
        guard !untried.isEmpty else { return "" }
        return "; not tried: " + untried.map { "\($0.command) on \($0.screen) (\(commandNotes[$0] ?? ""))" }.joined(separator: ", ")
    }

    // MARK: - The report

    /// The coverage, item by item in the order the config names them.
    func coverage() -> ExplorationReport.Coverage {
        ExplorationReport.Coverage(
            transitions: transitionSection(), guardOutcomes: guardSection(), links: linkSection(),
            screens: screenSection(), commands: commandSection(), flowResults: flowResultSection())
    }

    /// The findings, in the order found (shortest paths first).
    func findings() -> [ExplorationReport.Finding] {
        foundOrder.compactMap { key in
            guard let found = found[key] else { return nil }
            let location = found.problem.place.flatMap(manifest.location(of:))
            return ExplorationReport.Finding(
                kind: found.problem.kind, message: found.problem.message, path: found.problem.place?.description,
                line: location?.line, column: location?.column, steps: found.steps, alsoOn: found.alsoOn)
        }
    }

    private func item(_ name: String, at path: JSONPath?, count: Int, note: String? = nil) -> ExplorationReport.Item {
        ExplorationReport.Item(name: name, path: path, location: path.flatMap(manifest.location(of:)), count: count, note: note)
    }

    /// Every transition of the main flow, then of each sub-flow by name.
    private var allTransitions: [Transition] {
        manifest.transitions + manifest.flows.values.sorted { $0.name < $1.name }.flatMap(\.transitions)
    }

    private func transitionSection() -> ExplorationReport.Section {
        ExplorationReport.Section(
            allTransitions.map { transition in
                item(
                    Self.describe(transition), at: transition.path, count: transitions[transition.path] ?? 0,
                    note: "no path within the bounds took it")
            })
    }

    /// `cars.list selected → cars.details (push)`, `cars.list › whoami → auth.account (push)`.
    static func describe(_ transition: Transition) -> String {
        let start = transition.isCommand ? "\(transition.from) › \(transition.on)" : "\(transition.from) \(transition.on)"
        let target = transition.flow.map { "flow \($0)" } ?? transition.to
        return start + (target.map { " → \($0)" } ?? "") + " (\(transition.style.rawValue))"
    }

    private func guardSection() -> ExplorationReport.Section {
        var items: [ExplorationReport.Item] = []
        var sites: [(name: String, path: JSONPath, requires: [String])] = allTransitions.filter { !$0.requires.isEmpty }.map {
            (Self.describe($0), $0.path, $0.requires)
        }
        sites += manifest.links.filter { !$0.requires.isEmpty }.map { ($0.pattern, $0.path, $0.requires) }
        for site in sites {
            for condition in site.requires {
                for outcome in GuardOutcome.allCases {
                    let count = guardOutcomes[GuardKey(site: site.path, condition: condition, outcome: outcome)] ?? 0
                    let flowFinished = guardFlowsFinished.contains(GuardSite(site: site.path, condition: condition))
                    items.append(
                        item(
                            "\(site.name): \(condition) \(outcome.rawValue)", at: site.path.appending("requires"), count: count,
                            note: outcome == .finished && flowFinished ? stillUnmetNote(condition) : Self.guardNote(outcome)))
                }
            }
        }
        return ExplorationReport.Section(items)
    }

    /// Why a guard whose flow finished is not covered as finished.
    private func stillUnmetNote(_ condition: String) -> String {
        let flow = manifest.guards[condition]?.flow ?? condition
        return "flow '\(flow)' finished, but '\(condition)' still did not hold, so the transition did not go on (guard-still-unmet)"
    }

    private static func guardNote(_ outcome: GuardOutcome) -> String {
        switch outcome {
        case .met: "no path took it with the condition holding"
        case .finished: "no path finished the guard's flow for it"
        case .cancelled: "no path cancelled the guard's flow for it"
        }
    }

    private func linkSection() -> ExplorationReport.Section {
        ExplorationReport.Section(
            manifest.links.map { link in
                item(
                    link.pattern, at: link.path, count: links[link.path] ?? 0,
                    note: linkNotes[link.path] ?? "no value it was tried with built it")
            })
    }

    /// The screens the config names, each where it first names it, in that order.
    private var screenPlaces: [(screen: String, path: JSONPath)] {
        var named: [(String, JSONPath)] = [(manifest.root, JSONPath.root.appending("root"))]
        for transition in allTransitions {
            if transition.from != Transition.anyScreen { named.append((transition.from, transition.path.appending("from"))) }
            if let target = transition.to { named.append((target, transition.path.appending("to"))) }
        }
        for flow in manifest.flows.values.sorted(by: { $0.name < $1.name }) {
            named.append((flow.root, flow.path.appending("root")))
        }
        for link in manifest.links {
            named += link.screens.enumerated().map { ($1, link.path.appending($0)) }
        }
        let unknown = SourceLocation(line: .max, column: 0)
        var seen: Set<String> = []
        return named.sorted { (manifest.location(of: $0.1) ?? unknown) < (manifest.location(of: $1.1) ?? unknown) }
            .filter { seen.insert($0.0).inserted }
    }

    private func screenSection() -> ExplorationReport.Section {
        ExplorationReport.Section(
            screenPlaces.map { screen, path in
                item(screen, at: path, count: screens[screen] ?? 0, note: "no path within the bounds opened it")
            })
    }

    /// The commands the screens offered, and those declared by each screen the config names
    /// that no path reached (none of them run, so not covered), by screen in the order the
    /// config names them (each at that place), then by name.
    private func commandSection() -> ExplorationReport.Section {
        let places = screenPlaces
        let order = Dictionary(places.enumerated().map { ($1.screen, $0) }) { first, _ in first }
        // A screen not reached offered nothing: its commands are what it declares.
        let unreached = places.map(\.screen).filter { (screens[$0] ?? 0) == 0 }
        let unreachedKeys = unreached.flatMap { screen in
            (declaredCommands[screen] ?? []).map { CommandKey(screen: screen, command: $0) }
        }.filter { commands[$0] == nil }
        let keys = (Array(commands.keys) + unreachedKeys)
            .sorted { (order[$0.screen] ?? .max, $0.screen, $0.command) < (order[$1.screen] ?? .max, $1.screen, $1.command) }
        return ExplorationReport.Section(
            keys.map { key in
                let place = order[key.screen].map { places[$0].path }
                let note = (screens[key.screen] ?? 0) == 0 ? "no path reached its screen" : commandNotes[key] ?? "no line ran it"
                return item("\(key.screen) \(key.command)", at: place, count: commands[key] ?? 0, note: note)
            })
    }

    private func flowResultSection() -> ExplorationReport.Section {
        var items: [ExplorationReport.Item] = []
        for flow in manifest.flows.values.sorted(by: { $0.name < $1.name }) {
            for result in flow.results {
                let event = flow.resultEvent(result)
                let path = result == SubFlow.cancelledResult ? flow.path : flow.path.appending("finish")
                items.append(
                    item(
                        event, at: path, count: flowResults[event] ?? 0,
                        note: result == SubFlow.cancelledResult ? "no path cancelled the flow" : "no path finished the flow so"))
            }
        }
        return ExplorationReport.Section(items)
    }
}
