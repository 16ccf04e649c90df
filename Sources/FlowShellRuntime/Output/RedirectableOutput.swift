import FlowCoordinator
import FlowShellKit

/// A View that keeps, as plain text, what it is shown: what a redirection (`> FILE`, `>> FILE`,
/// `| COMMAND`) sends on. The terminal's is its text View without colour or pager.
@MainActor
public protocol CollectingOutput: SessionView {
    /// What it was shown so far, as text.
    var collected: String { get }
}

/// Makes the plain-text View a redirection collects into, wrapping at `width` (nil: unbounded,
/// as for any file or pipe). The runtime renders no text itself: a capability that redirects
/// hands it this (the terminal's renders as its text View does).
public typealias CollectingOutputMaker = @MainActor @Sendable (_ width: Int?) -> any CollectingOutput

/// The View the session pushes to: the shell's own output, except while a line's output is
/// redirected (`> FILE`, `>> FILE`, `| COMMAND`). Then what the command shows — screens, help,
/// lists, its messages — is collected as plain text (no colour, no pager, wrapped only at the
/// `set width`), while errors, warnings and the progress line still reach the terminal.
@MainActor
package final class RedirectableOutput: SessionView {
    private let base: SessionView
    /// The plain-text View of the redirection under way.
    private var redirected: (any CollectingOutput)?
    /// The width `set width` chose (nil: unbounded, as for any file or pipe).
    private var fixedWidth: Int?

    init(base: SessionView) {
        self.base = base
    }

    /// Runs `work` with its output collected into a View `maker` makes (nil: only text lines
    /// and messages are kept), and returns that output.
    package func collecting(into maker: CollectingOutputMaker? = nil, _ work: () async -> Void) async -> String {
        let collector = maker?(fixedWidth) ?? LinesCollector()
        let outer = redirected
        redirected = collector
        defer { redirected = outer }
        await work()
        return collector.collected
    }

    /// Where what a command shows goes now.
    private var shown: SessionView {
        redirected ?? base
    }

    package func screen(_ screen: ScreenSnapshot) { shown.screen(screen) }
    package var showsStackWithScreens: Bool { shown.showsStackWithScreens }
    package func help(_ listing: HelpListing) { shown.help(listing) }
    package func usage(_ usage: CommandUsage) { shown.usage(usage) }
    package func stack(_ entries: [StackEntry]) { shown.stack(entries) }
    package func text(_ lines: [String]) { shown.text(lines) }
    package func settings(_ listing: SettingsListing) { shown.settings(listing) }

    package func notice(_ notice: Notice) {
        switch notice.style {
        case .error, .warning: base.notice(notice)
        case .success, .info, .muted: shown.notice(notice)
        }
    }

    package func progress(_ running: Bool) { base.progress(running) }
    package func flush() { base.flush() }
    package func plainText(of screen: ViewProperties) -> String? { base.plainText(of: screen) }

    package func apply(_ settings: ShellSettings) {
        fixedWidth = settings.width
        base.apply(settings)
    }
}

/// What output collected without a plain-text View keeps (a startup file's, which is dropped
/// unless it fails): the lines a command answers with and its messages; screens, help and usage
/// are not rendered.
@MainActor
private final class LinesCollector: CollectingOutput {
    private(set) var collected = ""

    func screen(_ screen: ScreenSnapshot) {}
    var showsStackWithScreens: Bool { false }
    func help(_ listing: HelpListing) {}
    func usage(_ usage: CommandUsage) {}
    func stack(_ entries: [StackEntry]) {
        entries.enumerated().forEach { collected += "\($0.offset + 1). \($0.element.title) (\($0.element.screen))\n" }
    }
    func text(_ lines: [String]) { lines.forEach { collected += $0 + "\n" } }
    func notice(_ notice: Notice) { collected += notice.text + "\n" }
    func progress(_ running: Bool) {}
}
