import FlowCoordinator
import FlowManifest
import FlowShellRuntime
import Foundation
import LineEditor

/// `--record FILE`: what was typed and what each screen became, as JSON lines — the same
/// structured records as `--output json`, plus `{"type": "input", "line": ...}` for each line
/// typed — so that `flowshell replay FILE` can check them against a newer build or config.
@MainActor
package final class SessionRecorder {
    /// The version of the file's shape.
    package nonisolated static let version = 1

    /// The first line: what the recording is of.
    struct Header: Codable {
        var v = SessionRecorder.version
        var type = "session"
        /// The flow's app.
        var app: String
        /// The FlowShell that recorded it.
        var flowshell = FlowShellVersion.current
        /// The time the session's clock was fixed at, for the replay.
        var clock: Double?
    }

    /// A line that was typed.
    package struct Input: Codable {
        var v = SessionRecorder.version
        var type = "input"
        var line: String

        /// The record of `line`.
        package init(line: String) {
            self.line = line
        }
    }

    private let console: FileConsole
    /// Writes the records of what the shell shows.
    package let records: JSONLinesOutput

    /// Starts a recording; `clock` is the time the session's clock is fixed at, for the replay.
    package init(path: String, app: String, clock: Double?) throws {
        console = try FileConsole(path: path)
        records = JSONLinesOutput(console: console)
        console.write(RecordedValue.line(of: Header(app: app, clock: clock)))
    }

    func recordInput(_ line: String) {
        console.write(RecordedValue.line(of: Input(line: line)))
    }
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
        let result = await base.readLine(prompt: prompt)
        if case .line(let line) = result { recorder.recordInput(line) }
        return result
    }

    package func remember(_ line: String) {
        base.remember(line)
    }

    package var hasPendingLine: Bool { base.hasPendingLine }
}

/// An output that shows everything as usual and records it too.
@MainActor
package final class RecordingOutput: ShellOutput {
    private let base: ShellOutput
    private let record: ShellOutput

    package init(base: ShellOutput, record: ShellOutput) {
        self.base = base
        self.record = record
    }

    package func screen(_ screen: ScreenSnapshot) { base.screen(screen); record.screen(screen) }
    package func notice(_ notice: Notice) { base.notice(notice); record.notice(notice) }
    package func help(_ listing: HelpListing) { base.help(listing); record.help(listing) }
    package func usage(_ usage: CommandUsage) { base.usage(usage); record.usage(usage) }
    package func stack(_ entries: [StackEntry]) { base.stack(entries); record.stack(entries) }
    package func text(_ lines: [String]) { base.text(lines); record.text(lines) }
    package func apply(_ settings: ShellSettings) { base.apply(settings) }
    package func progress(_ running: Bool) { base.progress(running) }
    package func lineCancelled() { base.lineCancelled() }
    package func endOfInput() { base.endOfInput() }
    package func flush() { base.flush() }
}
