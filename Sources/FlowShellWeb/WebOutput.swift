import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation

/// The browser's View: what the dispatcher pushes, as messages in the machine interface's
/// encoding (``MachineEncoding``, the lines of `--output json`), handed to `send` in order.
@MainActor
final class WebOutput: ShellOutput {
    private let encoding = MachineEncoding()
    private let send: @Sendable (Data) -> Void

    /// An output that hands each encoded message to `send`.
    init(send: @escaping @Sendable (Data) -> Void) {
        self.send = send
    }

    private func emit(_ data: Data?) {
        if let data { send(data) }
    }

    func screen(_ screen: ScreenSnapshot) { emit(encoding.screen(screen)) }
    func notice(_ notice: Notice) { emit(encoding.notice(notice).data) }
    func help(_ listing: HelpListing) { emit(encoding.help(listing)) }
    func usage(_ usage: CommandUsage) { emit(encoding.usage(usage)) }
    func stack(_ entries: [StackEntry]) { emit(encoding.stack(entries)) }
    func text(_ lines: [String]) { emit(encoding.text(lines)) }

    private struct Progress: Encodable {
        let running: Bool
    }

    func progress(_ running: Bool) { emit(encoding.message("progress", Progress(running: running))) }
    // Neither happens in a browser: there is no Ctrl-C at a prompt and no end of input.
    func lineCancelled() {}
    func endOfInput() {}
}
