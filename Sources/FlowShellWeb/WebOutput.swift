import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation

/// The browser's View: what the session pushes, as messages in the machine interface's
/// encoding (``MachineEncoding``, the lines of `--output json`), handed to `send` in order —
/// and, before a screen shown at another place, where the tab is now (``PagePath``), so that
/// the page's address follows the flow: `{"type": "location", "path": "/cars/rio", "opensHere": true}`.
@MainActor
final class WebOutput: SessionView {
    private let encoding = MachineEncoding()
    private let send: @Sendable (Data) -> Void
    /// The config's deep links now (a `reload` may change them).
    private let links: () -> [LinkPattern]
    /// Where the page was last told the tab is.
    private(set) var location: PagePath?

    /// An output that hands each encoded message to `send`, placing screens by `links`.
    init(links: @escaping () -> [LinkPattern], send: @escaping @Sendable (Data) -> Void) {
        self.links = links
        self.send = send
    }

    private func emit(_ data: Data?) {
        if let data { send(data) }
    }

    private struct Location: Encodable {
        let path: String
        let opensHere: Bool
    }

    func screen(_ screen: ScreenSnapshot) {
        let place = PagePath.of(screen.stack, links: links())
        if place != location {
            location = place
            emit(encoding.message("location", Location(path: place.path, opensHere: place.opensHere)))
        }
        emit(encoding.screen(screen))
    }

    func notice(_ notice: Notice) { emit(encoding.notice(notice).data) }
    func help(_ listing: HelpListing) { emit(encoding.help(listing)) }
    func usage(_ usage: CommandUsage) { emit(encoding.usage(usage)) }
    func stack(_ entries: [StackEntry]) { emit(encoding.stack(entries)) }
    func text(_ lines: [String]) { emit(encoding.text(lines)) }

    private struct Progress: Encodable {
        let running: Bool
    }

    func progress(_ running: Bool) { emit(encoding.message("progress", Progress(running: running))) }
    // Neither happens in a browser: a running line is cancelled by a message of its own, and
    // there is no end of input.
}
