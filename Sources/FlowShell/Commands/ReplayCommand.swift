import ArgumentParser
import FlowShellCommandLine
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// `flowshell replay FILE [--config PATH]`: replays a session recorded with `--record` against
/// this build and config and reports the first difference (exit 1), or none (exit 0).
struct ReplayCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a session recorded with --record and report the first difference.",
        discussion:
            "The replay starts fresh, with state of its own, on a clock that moves to each recorded moment: updates that time brought come again and are compared; updates from outside the shell (another process writing the data) are compared when they come again and otherwise named as not reproduced. Colour and width are not recorded, so they never make a difference; a changed screen does. A recording's lines reach nothing of this machine: one that reads or writes files (run FILE, > FILE) or runs programs (shell, |, edit) is refused, its lines named, unless --allow names what it may do. Exit status: 0 no difference, 1 a difference, 2 the recording or the config cannot be used."
    )

    /// What a replay's lines may reach beyond the session, when the user says so.
    enum Power: String, CaseIterable, ExpressibleByArgument {
        case files, programs

        var capability: SessionCapability {
            switch self {
            case .files: .files
            case .programs: .programs
            }
        }

        /// What a line that uses it does, in a user's words.
        var reach: String {
            switch self {
            case .files: "reads or writes files of this machine"
            case .programs: "runs programs of this machine"
            }
        }
    }

    @ArgumentParser.Argument(help: ArgumentHelp("The recording.", valueName: "FILE"), completion: .file(extensions: ["jsonl"]))
    var file: String

    @OptionGroup var options: ConfigOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Let the recording's lines reach this machine's files (run FILE, > FILE) or programs (shell, |, edit); repeat for both. Only for a recording you trust.",
            valueName: "files|programs"))
    var allow: [Power] = []

    @OptionGroup var plugins: AllowPluginsOption

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let console = StandardConsole()
        let recording: SessionReplay.Recording
        do {
            recording = try SessionReplay.load(file)
        } catch let error as SessionReplay.Unusable {
            console.writeError("error: \(error.message)\n")
            return 2
        } catch {
            console.writeError("error: \(file): \(error)\n")
            return 2
        }
        if let refusal = Self.refusal(of: recording.records, allowed: Set(allow), file: file) {
            console.writeError(refusal + "\n")
            return 2
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(identity.name)-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = recording.records
        // The replay touches nothing of the user's: its data, state, history and session are
        // in a folder of its own, removed afterwards.
        var isolated = environment
        isolated["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        isolated["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        isolated["HOME"] = folder.path
        // Where the recording started: its place, restored from a state file of the replay's
        // own, and its link; else the root.
        var start = ["--fresh"]
        if let place = recording.start?.place {
            let stateFile = folder.appendingPathComponent("navigation.json")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(place.utf8).write(to: stateFile)
            } catch {
                console.writeError("error: cannot make the replay's folder: \(SystemError.describe(error))\n")
                return 2
            }
            start = ["--state", stateFile.path, "--restore"]
        }
        if let link = recording.start?.link { start += ["--open", link] }
        let runOptions: RunCommand
        do {
            runOptions = try RunCommand.parse(
                ["--no-history", "--data-dir", folder.appendingPathComponent("data").path] + start
                    + (options.config.map { ["--config", $0] } ?? []))
        } catch {
            console.writeError("error: \(RunCommand.message(for: error))\n")
            return 2
        }
        // The data the recording's screens started from, where it keeps it.
        do {
            try recording.start?.restore(into: folder.appendingPathComponent("data").path)
        } catch {
            console.writeError("error: \(file): \(error.reason)\n")
            return 2
        }
        // Trust is the user's, read from their own state folder, not the replay's.
        let trust = plugins.trust(identity: identity, environment: environment)
        let (status, actual) = await SessionReplay.run(
            expected, clock: recording.clock, identity: identity, options: runOptions, features: features,
            environment: isolated, trust: trust, capabilities: allow.map(\.capability))
        if status == ShellLauncher.configFailure && actual.isEmpty {
            return 2
        }
        if let difference = SessionReplay.firstDifference(expected: expected, actual: actual, file: file) {
            console.writeError(difference + "\n")
            return 1
        }
        let typed = expected.filter(\.isInput).count
        let updates = expected.filter(\.isUpdate).count
        let alignment = SessionReplay.align(expected: expected, actual: actual)
        let passedOver = alignment.passedOver + expected[alignment.expected...].filter { $0.origin == .other }
        let others = expected.count - typed - updates
        var summary = "\(file): replayed \(typed) line\(typed == 1 ? "" : "s") and \(others) record\(others == 1 ? "" : "s")"
        if updates > 0 { summary += " and \(updates) update\(updates == 1 ? "" : "s")" }
        summary += ": no difference"
        if !passedOver.isEmpty { summary += " " + SessionReplay.notReproduced(passedOver, file: file) }
        console.write(summary + "\n")
        return 0
    }

    /// Whether running `line` uses `capability` (asking about one of its commands does not).
    private static func reaches(_ line: String, through capability: SessionCapability) -> Bool {
        switch capability.use(by: line) {
        case nil, .asked: false
        case .redirection, .command, .option: true
        }
    }

    /// Why the recording's lines may not run as asked: each line that would reach what was not
    /// allowed, named with its place and what it does; nil when every line keeps to the session.
    static func refusal(of records: [SessionReplay.Record], allowed: Set<Power>, file: String) -> String? {
        var reaching: [String] = []
        var needed: [Power] = []
        for record in records where record.isInput {
            guard let line = record.line else { continue }
            for power in Power.allCases where !allowed.contains(power) && Self.reaches(line, through: power.capability) {
                reaching.append("  \(file):\(record.fileLine): '\(line)' \(power.reach)")
                if !needed.contains(power) { needed.append(power) }
            }
        }
        guard !reaching.isEmpty else { return nil }
        let options = needed.map { "--allow \($0.rawValue)" }.joined(separator: " ")
        return
            "error: \(file): nothing was replayed: a replay runs only what keeps to the session, and \(reaching.count == 1 ? "this line reaches" : "these lines reach") beyond it:\n"
            + reaching.joined(separator: "\n")
            + "\nIf you trust what \(reaching.count == 1 ? "it does" : "they do"), replay with \(options)."
    }
}
