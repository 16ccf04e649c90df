import FlowShellMCP
import FlowShellRuntime
import FlowShellServing
import FlowShellTerminal
import Foundation

/// `mcp --record FOLDER`, `serve --mcp --record-agents FOLDER`: each agent session is recorded
/// as the terminal's `--record FILE` records one, into a file of its own in the folder named by
/// the first 8 characters of its handle (as the audit log names it; the handle itself is the
/// session's key), so that `flowshell replay FILE` shows a person what the agent did.
struct AgentRecordingFolder {
    let folder: String
    /// The data folder of an app, whose files a recording keeps as its start.
    let dataDirectory: (String) -> String?
    /// Says a warning to whoever runs the server.
    let warn: @Sendable (String) -> Void

    /// Why the folder cannot hold recordings, in the words of the option; nil when it can (it
    /// is made when missing).
    static func problem(with folder: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot record agent sessions into \(folder): \(SystemError.describe(error))"
        }
        return nil
    }

    /// The recorder of the session `start` describes, or nil (said as a warning) when its
    /// file cannot be written: the session runs unrecorded rather than not at all.
    @MainActor
    func recorder(_ start: AgentRecordingStart) -> (any AgentRecorder)? {
        var kept = RecordedStart(files: [], link: start.link)
        if let data = dataDirectory(start.app) {
            do {
                kept.files = try RecordedStart.files(of: data)
            } catch {
                warn(
                    "warning: the recording of agent session \(start.handle.prefix(8)) does not keep the data it starts from (\(error.reason))"
                )
            }
        }
        if let place = start.place, let encoded = try? JSONEncoder().encode(place) {
            kept.place = String(decoding: encoded, as: UTF8.self)
        }
        let path = freePath(for: String(start.handle.prefix(8)))
        do {
            return try SessionRecorder.start(path: path, app: start.app, clock: nil, start: kept)
        } catch {
            warn("warning: cannot record agent session \(start.handle.prefix(8)) to \(path): \(SystemError.describe(error))")
            return nil
        }
    }

    /// `NAME.jsonl` in the folder, or `NAME-2.jsonl`… when a session reopened (after a restart)
    /// was recorded there before.
    private func freePath(for name: String) -> String {
        var path = FilePathParts.joining(folder, name + ".jsonl")
        var number = 1
        while FileManager.default.fileExists(atPath: path) {
            number += 1
            path = FilePathParts.joining(folder, "\(name)-\(number).jsonl")
        }
        return path
    }
}

// The terminal's recorder records an agent's session as it records a terminal's.
extension SessionRecorder: AgentRecorder {}
