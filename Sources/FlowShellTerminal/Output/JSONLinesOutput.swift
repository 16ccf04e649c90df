import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation

/// `--output json`: one JSON object per line for each screen update and each answer on stdout,
/// errors and warnings as JSON lines on stderr, in the runtime's ``MachineEncoding`` (which the
/// browser's page reads too). Every line has `"v": 1` and a `"type"`; after each line's answer,
/// a `done` record with the line's number and whether it failed.
@MainActor
package final class JSONLinesOutput: EndOfAnswerView {
    /// The version of the shape; it changes only when a field changes meaning or goes away.
    nonisolated static let version = MachineEncoding.version

    private let console: Console
    private let encoding = MachineEncoding()

    package init(console: Console) {
        self.console = console
    }

    private func emit(_ data: Data?, toError: Bool = false) {
        guard let data else { return }
        let text = String(decoding: data, as: UTF8.self) + "\n"
        if toError { console.writeError(text) } else { console.write(text) }
    }

    package func screen(_ screen: ScreenSnapshot) {
        emit(encoding.screen(screen))
    }

    package func notice(_ notice: Notice) {
        let (data, isError) = encoding.notice(notice)
        emit(data, toError: isError)
    }

    package func help(_ listing: HelpListing) {
        emit(encoding.help(listing))
    }

    package func usage(_ usage: CommandUsage) {
        emit(encoding.usage(usage))
    }

    package func stack(_ entries: [StackEntry]) {
        emit(encoding.stack(entries))
    }

    package func text(_ lines: [String]) {
        emit(encoding.text(lines))
    }

    package func lineAnswered(_ id: Int, failed: Bool) {
        emit(encoding.done(id: id, failed: failed))
    }

    package func progress(_ running: Bool) {}
    package func flush() { console.flush() }
}
