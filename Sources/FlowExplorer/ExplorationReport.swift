import FlowShellRuntime

import FlowManifest

/// What `flowshell test` found: how much of the config the paths it tried covered, line by
/// line, and every failure with the path that shows it. Its JSON encoding is `--format json`
/// (`test-report.schema.json` in the repository); it holds no time or machine, so two runs
/// of one config and build give the same document.
public struct ExplorationReport: Codable, Sendable, Equatable {
    /// How the run ended.
    public enum Status: String, Codable, Sendable {
        /// Every path passed and every coverage asked for was reached.
        case passed
        /// Some path failed, or some coverage asked for was not reached.
        case failed
        /// The config could not be loaded: nothing was explored.
        case unloadable
    }

    /// The bounds the exploration kept to.
    public struct Bounds: Codable, Sendable, Equatable {
        /// The most lines of one path.
        public var depth: Int
        /// The most paths tried.
        public var paths: Int
        /// The most values of one argument tried.
        public var values: Int
        /// How long one step may take, in seconds.
        public var deadlineSeconds: Double
        /// What chooses values when an argument offers more than ``values``.
        public var seed: UInt64

        package init(depth: Int, paths: Int, values: Int, deadlineSeconds: Double, seed: UInt64) {
            self.depth = depth
            self.paths = paths
            self.values = values
            self.deadlineSeconds = deadlineSeconds
            self.seed = seed
        }
    }

    /// How far the exploration went.
    public struct Explored: Codable, Sendable, Equatable {
        /// The paths tried: each a fresh session, lines typed from the root to one more step.
        public var paths: Int
        /// The places of the flow reached (open screens, conditions, waiting guards).
        public var states: Int
        /// The lines of the longest path explored from.
        public var deepest: Int
        /// Places not explored from: they were deeper than the bound.
        public var beyondDepth: Int
        /// Whether the exploration stopped because it had tried as many paths as allowed.
        public var stoppedAtPathLimit: Bool
    }

    /// One thing of the config that a path may cover.
    public struct Item: Codable, Sendable, Equatable {
        /// What it is: `cars.list selected → cars.details (push)`, `/cars/:carID`.
        public var name: String
        /// Its place in the config as a JSON path (`transitions[0]`), when it has one.
        public var path: String?
        /// Its line and column in the config, when known.
        public var line: Int?
        public var column: Int?
        /// Whether some step covered it.
        public var covered: Bool
        /// How many steps covered it.
        public var count: Int
        /// Why it was not covered, when the explorer can say.
        public var note: String?

        init(name: String, path: JSONPath?, location: SourceLocation?, count: Int, note: String? = nil) {
            self.name = name
            self.path = path?.description
            line = location?.line
            column = location?.column
            covered = count > 0
            self.count = count
            self.note = count > 0 ? nil : note
        }
    }

    /// One kind of coverage: its items and how many were covered.
    public struct Section: Codable, Sendable, Equatable {
        public var covered: Int
        public var total: Int
        public var items: [Item]

        init(_ items: [Item]) {
            self.items = items
            total = items.count
            covered = items.filter(\.covered).count
        }

        /// The covered share in percent (100 when there is nothing to cover).
        public var percent: Double {
            total == 0 ? 100 : Double(covered) * 100 / Double(total)
        }
    }

    /// Coverage by kind.
    public struct Coverage: Codable, Sendable, Equatable {
        /// The transitions of the main flow and the sub-flows, each followed to its end.
        public var transitions: Section
        /// Each requirement of a transition or link, three ways: met; not met, its guard's flow
        /// finished and the transition went on; not met, the flow cancelled and the stack as it was.
        public var guardOutcomes: Section
        /// The links, each built from the root.
        public var links: Section
        /// The screens the flow names, each shown.
        public var screens: Section
        /// The commands the screens offered on the paths tried, each run.
        public var commands: Section
        /// Each result of each sub-flow (cancelled too), handed to its parent or its guard.
        public var flowResults: Section

        /// The sections by the name `--require-coverage` uses.
        public static let names = ["transitions", "guards", "links", "screens", "commands", "results"]

        /// The section `--require-coverage` names `name`.
        public func section(named name: String) -> Section? {
            switch name {
            case "transitions": transitions
            case "guards": guardOutcomes
            case "links": links
            case "screens": screens
            case "commands": commands
            case "results": flowResults
            default: nil
            }
        }
    }

    /// A failure a user would meet, and how to meet it again.
    public struct Finding: Codable, Sendable, Equatable {
        /// What kind of failure.
        public var kind: FindingKind
        /// What went wrong, in the shell's words.
        public var message: String
        /// The config's part it concerns, as a JSON path, its line and column.
        public var path: String?
        public var line: Int?
        public var column: Int?
        /// The lines that lead to it from a fresh start at the root.
        public var steps: [String]
        /// How many other paths met the same failure.
        public var alsoOn: Int
        /// The reproduction script written for it, when one was.
        public var script: String?
    }

    /// A coverage asked for with `--require-coverage`, and whether it was reached.
    public struct Requirement: Codable, Sendable, Equatable {
        public var section: String
        public var percent: Double
        public var reached: Double
        public var met: Bool
    }

    /// A problem that kept the config from loading (as `flowshell check` says it).
    public struct Problem: Codable, Sendable, Equatable {
        public var severity: String
        public var line: Int?
        public var column: Int?
        public var path: String?
        public var message: String
    }

    /// The shape's version; it changes only when a field changes meaning or goes away.
    public var v = 1
    /// The config, as given.
    public var file: String
    public var status: Status
    public var bounds: Bounds
    public var explored: Explored?
    public var coverage: Coverage?
    public var findings: [Finding]
    public var requirements: [Requirement]
    /// Why the config did not load (``Status/unloadable`` only).
    public var problems: [Problem]?

    /// Checks the coverage asked for (section name → percent) and sets the status.
    public mutating func require(_ wanted: [(section: String, percent: Double)]) {
        requirements = wanted.compactMap { want in
            guard let section = coverage?.section(named: want.section) else { return nil }
            return Requirement(
                section: want.section, percent: want.percent, reached: (section.percent * 10).rounded() / 10,
                met: section.percent >= want.percent)
        }
        if status != .unloadable {
            status = findings.isEmpty && requirements.allSatisfy(\.met) ? .passed : .failed
        }
    }
}

extension ExplorationReport {
    /// The report of the config `file` that did not load, and why (`problems`): nothing explored.
    package init(unloadable file: String, bounds: Bounds, problems: [Problem]) {
        self.init(
            file: file, status: .unloadable, bounds: bounds, explored: nil, coverage: nil, findings: [], requirements: [],
            problems: problems)
    }
}

extension ExplorationReport.Problem {
    /// A problem as the report says it.
    package init(severity: String, message: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
        self.path = path
    }
}

extension FlowCheck {
    /// The errors that keep the config from loading, as the report says them.
    package var problems: [ExplorationReport.Problem] {
        diagnostics.filter { $0.severity == .error }.map {
            ExplorationReport.Problem(
                severity: $0.severity.rawValue, message: $0.message, line: $0.location?.line,
                column: $0.location?.column, path: $0.path?.description)
        }
    }
}
