import FlowCoordinator
import FlowShellKit

/// The View the dispatcher pushes to: the shell's own output, except while a line's output is
/// redirected (`> FILE`, `>> FILE`, `| COMMAND`). Then what the command shows — screens, help,
/// lists, its messages — is collected as plain text (no colour, no pager, wrapped only at the
/// `set width`), while errors, warnings and the progress line still reach the terminal.
@MainActor
final class RedirectableOutput: ShellOutput {
    private let base: ShellOutput
    /// The plain-text View of the redirection under way, and what it has collected.
    private var redirected: (output: TextOutput, console: CollectingConsole)?
    /// The width `set width` chose (nil: unbounded, as for any file or pipe).
    private var fixedWidth: Int?

    init(base: ShellOutput) {
        self.base = base
    }

    /// Runs `work` with its output collected, and returns that output.
    func collecting(_ work: () async -> Void) async -> String {
        let console = CollectingConsole()
        let width = fixedWidth ?? ScreenRenderer.unbounded
        redirected = (TextOutput(console: console, interactive: false, colour: false) { width }, console)
        defer { redirected = nil }
        await work()
        return console.text
    }

    /// Where what a command shows goes now.
    private var shown: ShellOutput {
        redirected?.output ?? base
    }

    func screen(_ screen: ScreenSnapshot) { shown.screen(screen) }
    func help(_ listing: HelpListing) { shown.help(listing) }
    func usage(_ usage: CommandUsage) { shown.usage(usage) }
    func stack(_ entries: [StackEntry]) { shown.stack(entries) }
    func text(_ lines: [String]) { shown.text(lines) }

    func notice(_ notice: Notice) {
        switch notice.style {
        case .error, .warning: base.notice(notice)
        case .success, .info, .muted: shown.notice(notice)
        }
    }

    func progress(_ running: Bool) { base.progress(running) }
    func lineCancelled() { base.lineCancelled() }
    func endOfInput() { base.endOfInput() }
    func flush() { base.flush() }

    func apply(_ settings: ShellSettings) {
        fixedWidth = settings.width
        base.apply(settings)
    }
}

/// A console that keeps what is written, for a redirection to deliver.
@MainActor
private final class CollectingConsole: Console {
    private(set) var text = ""

    func write(_ text: String) {
        self.text += text
    }

    func writeError(_ text: String) {
        // The redirection sends errors to the terminal before they reach its console.
        self.text += text
    }
}
