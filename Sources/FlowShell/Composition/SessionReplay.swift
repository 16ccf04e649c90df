import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation
import LineEditor

/// `flowshell replay`: feeds a recorded session's lines to the current build and config, with
/// fresh state of its own, and compares every record with the recording; the first difference
/// is reported with where it is in the file and what was typed before it.
@MainActor
struct SessionReplay {
    /// One record of a session: a typed line, or something the shell showed, normalised.
    struct Record: Equatable {
        var json: String
        var isInput: Bool
        var line: String?
        var fileLine: Int
        /// `screen cars.details 'Kia Rio'`, `error: …`: what the record is, in a few words.
        var summary: String

        init(_ object: RecordedValue, fileLine: Int) {
            json = object.normalised
            let type = object["type"]?.string ?? "?"
            isInput = type == "input"
            line = object["line"]?.string
            self.fileLine = fileLine
            switch type {
            case "screen": summary = "screen \(object["screen"]?.string ?? "?") '\(object["title"]?.string ?? "")'"
            case "error", "warning", "message": summary = "\(type): \(object["message"]?.string ?? "")"
            default: summary = type
            }
        }
    }

    /// Why a file cannot be replayed.
    struct Unusable: Error {
        var message: String
    }

    /// A recording: its records without the header, and the clock its session ran on.
    struct Recording {
        var records: [Record]
        var clock: Double?
    }

    /// The records of a recording and the clock its header notes.
    static func load(_ path: String) throws -> Recording {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unusable(message: "\(path): cannot read the recording")
        }
        var records: [Record] = []
        var clock: Double?
        for (index, text) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !text.isEmpty else { continue }
            guard let object = RecordedValue.object(inLine: text), let type = object["type"]?.string else {
                throw Unusable(message: "\(path):\(index + 1): not a FlowShell recording (each line is a JSON object with a \"type\")")
            }
            if type == "session" {
                guard object["v"]?.number == Double(SessionRecorder.version) else {
                    let version = object["v"]?.number.map { String(Int($0)) } ?? "?"
                    throw Unusable(message: "\(path):\(index + 1): a recording of version \(version), not \(SessionRecorder.version)")
                }
                clock = object["clock"]?.number
                continue
            }
            records.append(Record(object, fileLine: index + 1))
        }
        guard records.contains(where: \.isInput) || !records.isEmpty else {
            throw Unusable(message: "\(path): the recording is empty")
        }
        return Recording(records: records, clock: clock)
    }

    /// Runs the lines of `expected` and returns what the shell recorded, in the same form.
    static func run(_ expected: [Record], identity: ShellIdentity, options: RunCommand, features: [FeatureModule],
                    environment: [String: String], trust: PluginTrust) async -> (status: Int32, records: [Record]) {
        let capture = CapturingConsole()
        let reader = ScriptedReader(expected: expected, console: capture)
        let launcher = ShellLauncher(identity: identity, options: options, features: features, environment: environment,
                                     scripted: .init(reader: reader, output: JSONLinesOutput(console: capture)), trust: trust)
        let status = await launcher.run()
        let records = capture.lines.compactMap { text in RecordedValue.object(inLine: text).map { Record($0, fileLine: 0) } }
        return (status, records)
    }

    /// The first difference between the recording and the replay, described; nil when none.
    static func firstDifference(expected: [Record], actual: [Record], file: String) -> String? {
        var lastInput = "(before anything was typed)"
        for index in 0..<max(expected.count, actual.count) {
            let wanted = index < expected.count ? expected[index] : nil
            let got = index < actual.count ? actual[index] : nil
            if wanted == nil || got == nil || wanted?.json != got?.json {
                let place = wanted.map { "\(file):\($0.fileLine)" } ?? "\(file): after its last line"
                let context = "after typing \(lastInput)"
                switch (wanted, got) {
                case (.some(let wanted), .some(let got)):
                    let diff = TextDiff.lines(expected: wanted.json.components(separatedBy: "\n"), actual: got.json.components(separatedBy: "\n"))
                        .components(separatedBy: "\n").filter { !$0.hasPrefix("  ") }.joined(separator: "\n")
                    let what = wanted.summary == got.summary ? wanted.summary : "\(wanted.summary), now \(got.summary)"
                    return "\(place): \(context), \(what) differs (- recorded, + now):\n\(diff)"
                case (.some(let wanted), nil):
                    return "\(place): \(context), the recording shows \(wanted.summary) but the shell showed nothing more"
                case (nil, .some(let got)):
                    return "\(place): \(context), the shell shows \(got.summary), which was not recorded"
                case (nil, nil):
                    return nil
                }
            }
            if let line = wanted?.line, wanted?.isInput == true { lastInput = "'\(line)'" }
        }
        return nil
    }
}

/// Collects what the replayed shell writes, output and errors in one ordered list of lines.
@MainActor
final class CapturingConsole: Console {
    private(set) var lines: [String] = []

    func write(_ text: String) {
        lines += text.split(separator: "\n").map(String.init)
    }

    func writeError(_ text: String) {
        write(text)
    }
}

/// Types the recorded lines, noting each as an input record, then ends the input. It stops
/// typing as soon as what the shell showed differs from the recording: what follows a
/// difference would only be typed into a different screen.
@MainActor
final class ScriptedReader: LineReader {
    private let expected: [SessionReplay.Record]
    private var next = 0
    private let console: CapturingConsole

    init(expected: [SessionReplay.Record], console: CapturingConsole) {
        self.expected = expected
        self.console = console
    }

    func readLine(prompt: String) -> LineReadResult {
        guard let index = expected[next...].firstIndex(where: \.isInput), let line = expected[index].line else { return .end }
        let shown = console.lines.compactMap { text in RecordedValue.object(inLine: text).map { SessionReplay.Record($0, fileLine: 0) } }
        // Everything up to this input must have been shown as recorded.
        guard shown.count == index, zip(shown, expected[..<index]).allSatisfy({ $0.json == $1.json }) else { return .end }
        next = index + 1
        console.write(RecordedValue.line(of: SessionRecorder.Input(line: line)))
        return .line(line)
    }

    func remember(_ line: String) {}
}
