import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation
import LineEditor

/// `flowshell replay`: feeds a recorded session's lines to the current build and config, with
/// fresh state of its own, on a clock that stands still but where the replay moves it — to the
/// moment of each line, and of each update time brought — and compares every record with the
/// recording; the first difference is reported with where it is in the file and what was typed
/// before it.
///
/// An update from outside the shell (another process writing the data, a plugin's push) is
/// compared when the replay shows it at the same place; otherwise it is passed over and named
/// as not reproduced, which alone is no difference. What it changed may still make a later
/// screen differ, and that difference then says so.
@MainActor
struct SessionReplay {
    /// One record of a session: a typed line, something the shell showed, or a screen that
    /// showed itself with the update record before it — normalised.
    struct Record: Equatable {
        var json: String
        /// The values `json` is made of (two for an update joined with its screen).
        var values: [JSONValue]
        var isInput: Bool
        var line: String?
        /// The record as it is in the file (one line).
        var text: String
        var fileLine: Int
        /// When it came, in milliseconds since the session's start (a line typed, an update).
        var moment: Int?
        /// Why an update came; nil for any other record.
        var origin: ScreenUpdateOrigin?
        /// Whether this update record holds the screen after it.
        var hasScreen = false
        /// `screen cars.details 'Kia Rio'`, `error: …`: what the record is, in a few words.
        var summary: String

        init(_ object: JSONValue, text: some StringProtocol, fileLine: Int) {
            let type = object["type"]?.string ?? "?"
            // Why an update came is not compared, only when and what: a screen that wakes at the
            // moment the replay's clock reaches may find the clock there already (another
            // screen slept until the same moment), and then changes without having slept.
            var compared = object
            if type == "update", case .object(var fields) = object {
                fields["by"] = nil
                compared = .object(fields)
            } else if type != "screen", case .object(var fields) = object, let message = fields["message"]?.string {
                // A line's number, which a replay's errors begin with as a script's do, is not
                // compared: a session recorded at the prompt or by an agent said the same without it.
                fields["message"] = .string(Self.withoutLineNumber(message))
                compared = .object(fields)
            }
            values = [compared]
            json = compared.normalised
            isInput = type == "input"
            line = object["line"]?.string
            self.text = String(text)
            self.fileLine = fileLine
            moment = object["at"]?.number.map { Int(($0 * 1000).rounded()) }
            switch type {
            case "screen": summary = "screen \(object["screen"]?.string ?? "?") '\(object["title"]?.string ?? "")'"
            case "error", "warning", "message": summary = "\(type): \(object["message"]?.string ?? "")"
            default: summary = type
            }
        }

        /// An update record and the screen after it, as one.
        mutating func join(_ screen: Record) {
            hasScreen = true
            json += "\n" + screen.json
            values += screen.values
            text += "\n" + screen.text
            let seconds = moment.map { " at \(SessionReplay.format(milliseconds: $0)) s" } ?? ""
            summary = "update\(seconds): \(screen.summary)"
        }

        var isUpdate: Bool { origin != nil }

        /// What a replay's record is compared with `recorded` as: without the fields FlowShell
        /// began to write after `recorded` was made (FieldsAddedLater.swift).
        func json(comparedWith recorded: Record) -> String {
            guard json != recorded.json, values.count == recorded.values.count else { return json }
            return zip(recorded.values, values).map { FieldsAddedLater.withoutThoseAbsent(from: $0, in: $1).normalised }
                .joined(separator: "\n")
        }

        /// `message` without the `line N: ` a script's errors and warnings begin with.
        static func withoutLineNumber(_ message: String) -> String {
            guard message.hasPrefix("line ") else { return message }
            let rest = message.dropFirst(5)
            let digits = rest.prefix(while: \.isNumber)
            guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return message }
            return String(rest.dropFirst(digits.count + 2))
        }
    }

    /// Why a file cannot be replayed.
    struct Unusable: Error {
        var message: String
    }

    /// A recording: its records without the header, and the moment its session's clock started at.
    struct Recording {
        var records: [Record]
        var clock: Double?
        /// What its session started from, when it keeps that.
        var start: RecordedStart?
    }

    /// The records of `text`, each update joined with the screen after it.
    static func records(
        in text: String, file: String? = nil
    )
        throws -> (records: [Record], header: JSONValue?, headerLine: Int, start: JSONValue?)
    {
        var records: [Record] = []
        var header: JSONValue?
        var start: JSONValue?
        var headerLine = 1
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty else { continue }
            guard let object = JSONValue.object(inLine: line), let type = object["type"]?.string else {
                throw Unusable(
                    message:
                        "\(file ?? "the recording"):\(index + 1): not a FlowShell recording (each line is a JSON object with a \"type\")")
            }
            if type == "session" {
                header = object
                headerLine = index + 1
                continue
            }
            if type == "start" {
                start = object
                continue
            }
            var record = Record(object, text: line, fileLine: index + 1)
            if let last = records.last, last.isUpdate, !last.hasScreen, type == "screen" {
                records[records.count - 1].join(record)
                continue
            }
            if type == "update" {
                record.origin = object["by"]?.string.flatMap(ScreenUpdateOrigin.init(rawValue:)) ?? .other
            }
            records.append(record)
        }
        return (records, header, headerLine, start)
    }

    /// The records of a recording and the clock its header notes.
    static func load(_ path: String) throws -> Recording {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unusable(message: "\(path): cannot read the recording")
        }
        let (records, header, headerLine, kept) = try records(in: String(decoding: data, as: UTF8.self), file: path)
        if let header {
            let version = header["v"]?.number.map { Int($0) }
            guard let version, (1...SessionRecorder.version).contains(version) else {
                throw Unusable(
                    message:
                        "\(path):\(headerLine): a recording of version \(version.map(String.init) ?? "?"); this FlowShell replays versions 1 to \(SessionRecorder.version)"
                )
            }
        }
        guard !records.isEmpty else {
            throw Unusable(message: "\(path): the recording is empty")
        }
        var start: RecordedStart?
        if let kept {
            do {
                start = try RecordedStart.decode(kept)
            } catch {
                throw Unusable(message: "\(path): \(error.reason)")
            }
        }
        return Recording(records: records, clock: header?["clock"]?.number, start: start)
    }

    /// Runs the lines of `expected` and returns what the shell recorded, in the same form.
    static func run(
        _ expected: [Record], clock start: Double?, identity: ShellIdentity, options: RunCommand, features: [FeatureModule],
        environment: [String: String], trust: PluginTrust,
        capabilities: [SessionCapability]
    ) async -> (status: Int32, records: [Record]) {
        let capture = CapturingConsole()
        let (manual, pacer) = ClockPacer.make()
        let clock = start.map { SessionClock(start: $0, sleeper: manual) { manual.now.offset } }
        let reader = ScriptedReader(expected: expected, console: capture, clock: manual, pacer: pacer)
        let launcher = ShellLauncher(
            identity: identity, options: options, features: features, environment: environment,
            scripted: .init(
                reader: reader, output: SessionRecorder(console: capture, clock: clock), clock: clock,
                capabilities: capabilities),
            trust: trust)
        let status = await launcher.run()
        let records = (try? records(in: capture.lines.joined(separator: "\n")).records) ?? []
        return (status, records)
    }

    /// How the replay's records line up with the recording's: the index of the first that
    /// differs (nil when none), and the recorded updates from outside passed over on the way.
    struct Alignment {
        var expected: Int
        var actual: Int
        var differs: Bool
        var passedOver: [Record]
    }

    /// Walks both lists while they agree, passing over recorded updates from outside the
    /// shell that the replay did not show.
    static func align(expected: [Record], actual: [Record]) -> Alignment {
        var wanted = 0
        var got = 0
        var passedOver: [Record] = []
        while got < actual.count {
            guard wanted < expected.count else { return Alignment(expected: wanted, actual: got, differs: true, passedOver: passedOver) }
            if expected[wanted].json == actual[got].json(comparedWith: expected[wanted]) {
                wanted += 1
                got += 1
            } else if expected[wanted].origin == .other {
                passedOver.append(expected[wanted])
                wanted += 1
            } else {
                return Alignment(expected: wanted, actual: got, differs: true, passedOver: passedOver)
            }
        }
        return Alignment(expected: wanted, actual: got, differs: false, passedOver: passedOver)
    }

    /// The first difference between the recording and the replay, described; nil when none.
    static func firstDifference(expected: [Record], actual: [Record], file: String) -> String? {
        var alignment = align(expected: expected, actual: actual)
        if !alignment.differs {
            // What the recording has beyond the replay's end, but for updates from outside.
            while alignment.expected < expected.count, expected[alignment.expected].origin == .other {
                alignment.passedOver.append(expected[alignment.expected])
                alignment.expected += 1
            }
            guard alignment.expected < expected.count else { return nil }
        }
        let wanted = alignment.expected < expected.count ? expected[alignment.expected] : nil
        let got = alignment.actual < actual.count ? actual[alignment.actual] : nil
        let lastInput = expected[..<alignment.expected].last(where: \.isInput)?.line.map { "'\($0)'" } ?? "(before anything was typed)"
        let place = wanted.map { "\(file):\($0.fileLine)" } ?? "\(file): after its last line"
        let context = "after typing \(lastInput)"
        var report: String
        switch (wanted, got) {
        case (.some(let wanted), .some(let got)):
            let now = got.json(comparedWith: wanted).components(separatedBy: "\n")
            let diff = TextDiff.lines(expected: wanted.json.components(separatedBy: "\n"), actual: now)
                .components(separatedBy: "\n").filter { !$0.hasPrefix("  ") }.joined(separator: "\n")
            let what = wanted.summary == got.summary ? wanted.summary : "\(wanted.summary), now \(got.summary)"
            report = "\(place): \(context), \(what) differs (- recorded, + now):\n\(diff)"
        case (.some(let wanted), nil):
            report = "\(place): \(context), the recording shows \(wanted.summary) but the shell showed nothing more"
        case (nil, .some(let got)):
            report = "\(place): \(context), the shell shows \(got.summary), which was not recorded"
        case (nil, nil):
            return nil
        }
        if !alignment.passedOver.isEmpty {
            report += "\n" + notReproduced(alignment.passedOver, file: file, before: true)
        }
        return report
    }

    /// The recorded updates from outside the shell that the replay did not show, named.
    static func notReproduced(_ updates: [Record], file: String, before: Bool = false) -> String {
        let places = updates.map { "\(file):\($0.fileLine)" }.joined(separator: ", ")
        let count = updates.count == 1 ? "an update" : "\(updates.count) updates"
        return "(not reproduced: \(count) from outside the shell at \(places)\(before ? ", which may explain it" : ""))"
    }

    /// Milliseconds as seconds for a message: `3.5`, `7200`.
    nonisolated static func format(milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }
}

/// Collects what the replayed shell writes, output and errors in one ordered list of lines.
@MainActor
final class CapturingConsole: Console {
    private(set) var lines: [String] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func write(_ text: String) {
        lines += text.split(separator: "\n").map(String.init)
        let ready = waiters
        waiters.removeAll()
        ready.forEach { $0.resume() }
    }

    func writeError(_ text: String) {
        write(text)
    }

    /// Returns once more than `count` lines were written, or after `limit` (then false).
    func waitForMore(than count: Int, limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while lines.count <= count {
            guard ContinuousClock.now < deadline else { return false }
            let timer = Task { @MainActor [weak self] in
                try? await Task.sleep(until: deadline)
                self?.wakeAll()
            }
            await withCheckedContinuation { waiters.append($0) }
            timer.cancel()
        }
        return true
    }

    private func wakeAll() {
        let ready = waiters
        waiters.removeAll()
        ready.forEach { $0.resume() }
    }
}

/// Types the recorded lines, each at its recorded moment, noting each as an input record, and
/// moves the clock to each update time brought and waits for it; then ends the input. While a
/// line waits on the clock (an operator's round trip), the clock moves on as far as the next
/// line's moment. It stops as soon as what the shell showed differs from the recording: what
/// follows a difference would only be typed into a different screen.
@MainActor
final class ScriptedReader: LineReader {
    /// How long the replay waits for an update its clock should have brought: a bound on a
    /// stuck replay, not a measure (a screen's work after waking reads its data first).
    static let updateLimit = Duration.seconds(10)

    private let expected: [SessionReplay.Record]
    private let console: CapturingConsole
    private let clock: ManualClock
    private let pacer: ClockPacer

    init(expected: [SessionReplay.Record], console: CapturingConsole, clock: ManualClock, pacer: ClockPacer) {
        self.expected = expected
        self.console = console
        self.clock = clock
        self.pacer = pacer
    }

    func readLine(prompt: String) async -> LineReadResult {
        // The line before has ended.
        pacer.end()
        while true {
            let shown = (try? SessionReplay.records(in: console.lines.joined(separator: "\n")).records) ?? []
            // Everything shown so far must be as recorded.
            let alignment = SessionReplay.align(expected: expected, actual: shown)
            guard !alignment.differs else { return .end }
            var next = alignment.expected
            while next < expected.count, expected[next].origin == .other { next += 1 }
            guard next < expected.count else { return .end }
            let record = expected[next]
            if record.isInput, let line = record.line {
                if let moment = record.moment { clock.advance(to: .milliseconds(moment)) }
                console.write(record.text + "\n")
                let nextLine = expected[(next + 1)...].first(where: \.isInput)?.moment
                pacer.begin(limit: nextLine.map { .milliseconds($0) })
                return .line(line)
            }
            guard record.origin == .time, let moment = record.moment else { return .end }
            // Time brought it: once the screens' work sleeps until then (a screen just opened
            // reads its data first), moving the clock there brings it again.
            let target = Duration.milliseconds(moment)
            let deadline = ContinuousClock.now + Self.updateLimit
            while !clock.hasSleeper(until: target) {
                // Nothing waits for that moment: the update is missing, which the comparison says.
                guard ContinuousClock.now < deadline else { return .end }
                try? await Task.sleep(for: .milliseconds(1))
            }
            let written = console.lines.count
            clock.advance(to: target)
            guard await console.waitForMore(than: written, limit: Self.updateLimit) else { return .end }
        }
    }

    func remember(_ line: String) {}
}
