import ArgumentParser
import FlowShellCommandLine
import FlowExplorer
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// `flowshell test [--config PATH]`: explores every path the flow allows, headless, and reports
/// coverage by config line and each failure with a script that replays it.
struct TestCommand: FeatureCommand {
    static var configuration: CommandConfiguration {
        let name = ShellIdentity.running.name
        return CommandConfiguration(
            commandName: "test",
            abstract: "Try every path the flow allows, headless, and report what it covers and what fails.",
            discussion: """
                From a fresh session at the root, and from every deep link, each step a person could take is tried: \
                each command a screen offers with each value it offers (and the config's examples), each command the \
                config adds, back and home; each guard met, finished and cancelled. Each session has no data of its own \
                and a test clock: nothing of yours is read or written. Each failure is written as a script in the \
                findings folder, which \(name) --script FILE replays.

                Exit status: 0 when every path passes (and the coverage asked for is reached), 1 when a path fails \
                or coverage falls short, 2 when the config cannot be loaded.
                """
        )
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    @OptionGroup var options: ConfigOption

    @OptionGroup var plugins: AllowPluginsOption

    @Option(
        help: ArgumentHelp(
            "How to print the report: text (for people), json (test-report.schema.json) or junit (XML for CI).",
            valueName: "FORMAT"))
    var format: Format = .text

    @Option(
        name: .customLong("require-coverage"),
        help: ArgumentHelp(
            "Fail unless KIND is covered to PERCENT: transitions, guards, links, screens, commands or results (repeatable).",
            valueName: "KIND=PERCENT"))
    var requireCoverage: [String] = []

    @Option(help: ArgumentHelp("The most lines of one path.", valueName: "LINES"))
    var depth = FlowExplorer.Options().depth

    @Option(help: ArgumentHelp("The most paths to try.", valueName: "COUNT"))
    var paths = FlowExplorer.Options().paths

    @Option(help: ArgumentHelp("The most values of one argument to try; beyond it, the seed chooses.", valueName: "COUNT"))
    var values = FlowExplorer.Options().values

    @Option(help: ArgumentHelp("How long one step may take, in seconds (in real time, and on the test clock).", valueName: "SECONDS"))
    var deadline = Double(FlowExplorer.Options().deadline.components.seconds)

    @Option(help: ArgumentHelp("What chooses the values to try when an argument offers more than --values.", valueName: "NUMBER"))
    var seed = FlowExplorer.Options().seed

    @Option(
        help: ArgumentHelp(
            "Where to write the scripts that replay the failures (default: \(ShellIdentity.running.name)-findings).",
            valueName: "FOLDER"),
        completion: .directory)
    var findings: String?

    func validate() throws {
        _ = try Self.requirements(requireCoverage)
        guard depth >= 1 else { throw ValidationError("--depth must be at least 1, not \(depth)") }
        guard paths >= 1 else { throw ValidationError("--paths must be at least 1, not \(paths)") }
        guard values >= 1 else { throw ValidationError("--values must be at least 1, not \(values)") }
        guard deadline.isFinite, deadline > 0 else {
            throw ValidationError("--deadline must be a number of seconds above 0, not \(deadline)")
        }
    }

    /// `transitions=100` → (`transitions`, 100).
    static func requirements(_ texts: [String]) throws -> [(section: String, percent: Double)] {
        try texts.map { text in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            let names = ExplorationReport.Coverage.names
            guard parts.count == 2, let percent = Double(parts[1]), (0...100).contains(percent) else {
                throw ValidationError("--require-coverage takes KIND=PERCENT, such as transitions=100, not '\(text)'")
            }
            guard names.contains(parts[0]) else {
                let hint = EditDistance.closest(to: parts[0], among: names).map { " — did you mean '\($0)'?" } ?? ""
                throw ValidationError("--require-coverage: unknown kind '\(parts[0])'\(hint); kinds: \(names.joined(separator: ", "))")
            }
            return (parts[0], percent)
        }
    }

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let console = StandardConsole()
        let source = options.source(identity)
        // Nothing of the user's is read or written but their trust in the config: each session
        // keeps its data in memory, and the plugins their logs and cache in a scratch folder
        // removed at the end.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("\(identity.name)-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let trust = plugins.trust(identity: identity, environment: environment)
        let loader = PluginLoader(purpose: .running, trust: trust) { _ in scratch.appendingPathComponent("state").path }
        let check = FlowCheck(source: source, features: features, plugins: loader, reserving: .terminal)
        if let refusal = check.refusal {
            if format == .json {
                console.write(
                    Self.json(
                        ExplorationReport(
                            unloadable: check.fileName, bounds: bounds,
                            problems: [ExplorationReport.Problem(severity: "error", message: refusal)])))
            }
            console.writeError("error: \(refusal)\n")
            return 2
        }
        guard check.runnableManifest != nil else {
            switch format {
            case .json: console.write(Self.json(ExplorationReport(unloadable: check.fileName, bounds: bounds, problems: check.problems)))
            case .text, .junit: console.writeError(check.textReport)
            }
            return 2
        }
        let explorer = FlowExplorer(check: check, source: source, modules: features, plugins: loader, options: explorerOptions)
        var report: ExplorationReport
        switch await explorer.explore() {
        case .success(let explored):
            report = explored
        case .failure(let failure):
            console.writeError(failure.messages.joined(separator: "\n") + "\n")
            await loader.stopPlugins()
            return failure.status
        }
        await loader.stopPlugins()
        // Checked in validate().
        report.require((try? Self.requirements(requireCoverage)) ?? [])
        let folder = findings ?? "\(identity.name)-findings"
        let scripts = FindingScripts(folder: folder, shell: identity.name, config: options.config)
        do {
            try scripts.write(&report)
        } catch {
            console.writeError("warning: cannot write the findings' scripts in \(folder): \(SystemError.describe(error))\n")
        }
        switch format {
        case .text: console.write(report.text(replay: scripts.replayCommand))
        case .json: console.write(Self.json(report))
        case .junit: console.write(report.junit(replay: scripts.replayCommand))
        }
        return report.status == .passed ? 0 : 1
    }

    private var explorerOptions: FlowExplorer.Options {
        var options = FlowExplorer.Options()
        options.depth = depth
        options.paths = paths
        options.values = values
        options.deadline = .milliseconds(Int64((deadline * 1000).rounded()))
        options.seed = seed
        return options
    }

    private var bounds: ExplorationReport.Bounds {
        ExplorationReport.Bounds(depth: depth, paths: paths, values: values, deadlineSeconds: deadline, seed: seed)
    }

    private static func json(_ report: ExplorationReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
