import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// The View of an agent's session: it keeps what the session said since it was last taken
/// (notices, text, help) for the answer of the tool call that ran the line, and the screen
/// shown last. What it keeps is the session's own words: a refusal reads as a tab's does.
@MainActor
final class AgentView: SessionView {
    /// One thing the session said.
    struct Said: Equatable {
        /// `error`, `warning` or `message` (a notice), `text` (a command's lines).
        let kind: String
        let text: String
    }

    private(set) var said: [Said] = []
    /// The screen shown last.
    private(set) var screen: ScreenSnapshot?
    /// Called when the screen changed by itself (its background work, another session's
    /// booking), not as the answer to a line.
    var changedByItself: () -> Void = {}
    /// What records the session, shown all it is shown.
    var recorder: (any AgentRecorder)?

    /// What was said since the last call, which is then forgotten.
    func take() -> [Said] {
        defer { said = [] }
        return said
    }

    // An agent reads where it is from each screen's title: the screens under it cost nothing,
    // unless a recording keeps them (as a terminal's does, for its replay to compare).
    var showsStackWithScreens: Bool { recorder?.showsStackWithScreens ?? false }

    func screen(_ screen: ScreenSnapshot) {
        recorder?.screen(screen)
        self.screen = screen
        if screen.cause == .update { changedByItself() }
    }

    func notice(_ notice: Notice) {
        recorder?.notice(notice)
        let kind =
            switch notice.style {
            case .error: "error"
            case .warning: "warning"
            case .success, .info, .muted: "message"
            }
        said.append(Said(kind: kind, text: notice.text))
    }

    func help(_ listing: HelpListing) {
        recorder?.help(listing)
        said((listing.screenCommands + listing.globalCommands).map { "\($0.usage) — \($0.summary)" })
    }

    func usage(_ usage: CommandUsage) {
        recorder?.usage(usage)
        said(["usage: \(usage.usage) — \(usage.summary)"])
    }

    func stack(_ entries: [StackEntry]) {
        recorder?.stack(entries)
        said([entries.map(\.title).joined(separator: " › ")])
    }

    func text(_ lines: [String]) {
        recorder?.text(lines)
        said(lines)
    }

    /// Keeps `lines` as said (a recorder is shown them as what they are: help, usage, stack).
    private func said(_ lines: [String]) {
        said.append(contentsOf: lines.map { Said(kind: "text", text: $0) })
    }

    func progress(_ running: Bool) {}
}
