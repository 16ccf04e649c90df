import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation
import LineEditor

/// `--record FILE`: what was typed and what each screen became, as JSON lines — the same
/// structured records as `--output json`, plus `{"type": "input", "line": ...}` for each line
/// typed and, before each screen a screen showed by itself, `{"type": "update", ...}` with the
/// moment it came on the session's clock and why — so that `flowshell replay FILE` can check
/// them against a newer build or config (recording.schema.json describes every record).
///
/// A replay writes what its shell shows through a recorder too, into memory, so that the two
/// compare record for record.
@MainActor
package final class SessionRecorder: SessionView {
    /// The version of the file's shape: 2 added the moments of lines and updates, and the
    /// update records. A replay reads versions 1 and 2.
    package nonisolated static let version = 2

    /// The first line: what the recording is of.
    struct Header: Codable {
        var v = SessionRecorder.version
        var type = "session"
        /// The flow's app.
        var app: String
        /// The FlowShell that recorded it.
        var flowshell = FlowShellVersion.current
        /// The moment the session's clock started at, in seconds since 1970.
        var clock: Double?
    }

    /// A line that was typed.
    package struct Input: Codable {
        var v = SessionRecorder.version
        var type = "input"
        var line: String
        /// When it was typed: seconds since the session's start.
        var at: Double?

        /// The record of `line`, typed `at` seconds after the start.
        package init(line: String, at: Double?) {
            self.line = line
            self.at = at
        }
    }

    /// What comes before a screen that a screen showed by itself: when, and why.
    package struct Update: Codable {
        var v = SessionRecorder.version
        var type = "update"
        /// Seconds since the session's start.
        var at: Double?
        /// Why the screen changed: `time` (a replay reproduces it by moving its clock on) or
        /// `other` (a change from outside the shell, which it may not).
        var by: ScreenUpdateOrigin
    }

    private let console: Console
    /// Writes the records of what the shell shows.
    private let records: JSONLinesOutput
    /// The session's clock, whose moments the records note.
    package let clock: SessionClock?

    /// A recorder writing to `console`, noting the moments of `clock`.
    package init(console: Console, clock: SessionClock?) {
        self.console = console
        self.clock = clock
        records = JSONLinesOutput(console: console)
    }

    /// Starts a recording into the file at `path`, noting what the session starts from.
    package static func start(path: String, app: String, clock: SessionClock?, start: RecordedStart) throws -> SessionRecorder {
        let console = try FileConsole(path: path)
        console.write(JSONValue.line(of: Header(app: app, clock: clock?.start)))
        if start != RecordedStart(files: []) { console.write(JSONValue.line(of: start)) }
        return SessionRecorder(console: console, clock: clock)
    }

    /// The moment now, as the records note it.
    private var moment: Double? {
        clock.map { Double($0.elapsedMilliseconds) / 1000 }
    }

    /// The shell waits for a line: the session's clock runs.
    package func lineEnded() {
        clock?.release()
    }

    /// A line was typed: the clock reads this moment while it runs.
    package func recordInput(_ line: String) {
        clock?.hold()
        console.write(JSONValue.line(of: Input(line: line, at: moment)))
    }

    package func screen(_ screen: ScreenSnapshot) {
        if screen.cause == .update {
            console.write(JSONValue.line(of: Update(at: moment, by: ScreenUpdateOrigin.current ?? .other)))
        }
        records.screen(screen)
    }

    package func notice(_ notice: Notice) { records.notice(notice) }
    package func help(_ listing: HelpListing) { records.help(listing) }
    package func usage(_ usage: CommandUsage) { records.usage(usage) }
    package func stack(_ entries: [StackEntry]) { records.stack(entries) }
    package func text(_ lines: [String]) { records.text(lines) }
    package func progress(_ running: Bool) {}
}

/// A reader that records each line it reads.
@MainActor
package final class RecordingLineReader: LineReader {
    /// The reader it records.
    package let base: LineReader
    private let recorder: SessionRecorder

    package init(base: LineReader, recorder: SessionRecorder) {
        self.base = base
        self.recorder = recorder
    }

    package func readLine(prompt: String) async -> LineReadResult {
        recorder.lineEnded()
        let result = await base.readLine(prompt: prompt)
        if case .line(let line) = result { recorder.recordInput(line) }
        return result
    }

    package func remember(_ line: String) {
        base.remember(line)
    }

    package var hasPendingLine: Bool { base.hasPendingLine }
}

/// An output that shows everything as usual and records it too (the end of each answer only
/// as usual: a recording keeps what the screens became, not where a pipe's answers end).
@MainActor
package final class RecordingOutput: TerminalView, EndOfAnswerView {
    private let base: SessionView
    private let record: SessionView

    package init(base: SessionView, record: SessionView) {
        self.base = base
        self.record = record
    }

    package func screen(_ screen: ScreenSnapshot) { base.screen(screen); record.screen(screen) }
    package var showsStackWithScreens: Bool { base.showsStackWithScreens || record.showsStackWithScreens }
    package func notice(_ notice: Notice) { base.notice(notice); record.notice(notice) }
    package func help(_ listing: HelpListing) { base.help(listing); record.help(listing) }
    package func usage(_ usage: CommandUsage) { base.usage(usage); record.usage(usage) }
    package func stack(_ entries: [StackEntry]) { base.stack(entries); record.stack(entries) }
    package func text(_ lines: [String]) { base.text(lines); record.text(lines) }
    package func settings(_ listing: SettingsListing) { base.settings(listing); record.settings(listing) }
    package func apply(_ settings: ShellSettings) { base.apply(settings) }
    package func progress(_ running: Bool) { base.progress(running) }
    package func lineCancelled() { (base as? any TerminalView)?.lineCancelled() }
    package func endOfInput() { (base as? any TerminalView)?.endOfInput() }
    package func lineAnswered(_ id: Int, failed: Bool) { (base as? any EndOfAnswerView)?.lineAnswered(id, failed: failed) }
    package func flush() { base.flush() }
    package func plainText(of screen: ViewProperties) -> String? { base.plainText(of: screen) }
}
