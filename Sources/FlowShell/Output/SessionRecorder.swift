import FlowCoordinator
import FlowManifest
import Foundation
import LineEditor

/// `--record FILE`: what was typed and what each screen became, as JSON lines — the same
/// structured records as `--output json`, plus `{"type": "input", "line": ...}` for each line
/// typed — so that `flowshell replay FILE` can check them against a newer build or config.
@MainActor
final class SessionRecorder {
    /// The version of the file's shape.
    nonisolated static let version = 1

    private let console: FileConsole
    /// Writes the records of what the shell shows.
    let records: JSONLinesOutput

    /// Starts a recording; `clock` is the time the session's clock is fixed at, for the replay.
    init(path: String, app: String, clock: Double?) throws {
        console = try FileConsole(path: path)
        records = JSONLinesOutput(console: console)
        var header: [String: Any] = ["v": Self.version, "type": "session", "app": app, "flowshell": FlowShellVersion.current]
        header["clock"] = clock
        write(header)
    }

    func recordInput(_ line: String) {
        write(["v": Self.version, "type": "input", "line": line])
    }

    private func write(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        console.write(String(decoding: data, as: UTF8.self) + "\n")
    }
}

/// A reader that records each line it reads.
@MainActor
final class RecordingLineReader: LineReader {
    private let base: LineReader
    private let recorder: SessionRecorder

    init(base: LineReader, recorder: SessionRecorder) {
        self.base = base
        self.recorder = recorder
    }

    func readLine(prompt: String) -> LineReadResult {
        let result = base.readLine(prompt: prompt)
        if case .line(let line) = result { recorder.recordInput(line) }
        return result
    }

    func remember(_ line: String) {
        base.remember(line)
    }

    var hasPendingLine: Bool { base.hasPendingLine }
}

/// An output that shows everything as usual and records it too.
@MainActor
final class RecordingOutput: ShellOutput {
    private let base: ShellOutput
    private let record: ShellOutput

    init(base: ShellOutput, record: ShellOutput) {
        self.base = base
        self.record = record
    }

    func screen(_ screen: ScreenSnapshot) { base.screen(screen); record.screen(screen) }
    func notice(_ notice: Notice) { base.notice(notice); record.notice(notice) }
    func help(_ listing: HelpListing) { base.help(listing); record.help(listing) }
    func usage(_ usage: CommandUsage) { base.usage(usage); record.usage(usage) }
    func stack(_ entries: [StackEntry]) { base.stack(entries); record.stack(entries) }
    func text(_ lines: [String]) { base.text(lines); record.text(lines) }
    func apply(_ settings: ShellSettings) { base.apply(settings) }
    func progress(_ running: Bool) { base.progress(running) }
    func lineCancelled() { base.lineCancelled() }
    func endOfInput() { base.endOfInput() }
    func flush() { base.flush() }
}
