import FlowCoordinator
import FlowShellRuntime
import Foundation

/// The View of a session over a pipe: each thing the session shows, as one line of FlowShell's
/// machine interface (`{"v":1,"type":"screen",…}`), handed to `write`.
@MainActor
public final class PipeView: SessionView {
    private let encoding = MachineEncoding()
    private let write: (String) -> Void

    /// A View that hands each message, as a line of JSON, to `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    private func send(_ data: Data?) {
        if let data { write(String(decoding: data, as: UTF8.self)) }
    }

    public func screen(_ screen: ScreenSnapshot) { send(encoding.screen(screen)) }
    public func notice(_ notice: Notice) { send(encoding.notice(notice).data) }
    public func help(_ listing: HelpListing) { send(encoding.help(listing)) }
    public func usage(_ usage: CommandUsage) { send(encoding.usage(usage)) }
    public func stack(_ entries: [StackEntry]) { send(encoding.stack(entries)) }
    public func text(_ lines: [String]) { send(encoding.text(lines)) }
    public func progress(_ running: Bool) {}
}
