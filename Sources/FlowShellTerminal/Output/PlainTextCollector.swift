import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// The plain-text View a redirection collects into (`CMD > FILE`, `CMD | COMMAND`): the text
/// View with no colour and no pager, writing into a string.
@MainActor
package final class PlainTextCollector: CollectingOutput {
    private let console = CollectingConsole()
    private let text: TextOutput

    /// A collector wrapping at `width` (nil: unbounded, as for any file or pipe).
    package init(width: Int?) {
        let width = width ?? ScreenRenderer.unbounded
        text = TextOutput(console: console, interactive: false, colour: false) { width }
    }

    /// What the session hands a redirection: a new collector each time.
    package nonisolated static let maker: CollectingOutputMaker = { PlainTextCollector(width: $0) }

    package var collected: String { console.text }

    package func screen(_ screen: ScreenSnapshot) { text.screen(screen) }
    package var showsStackWithScreens: Bool { false }
    package func notice(_ notice: Notice) { text.notice(notice) }
    package func help(_ listing: HelpListing) { text.help(listing) }
    package func usage(_ usage: CommandUsage) { text.usage(usage) }
    package func stack(_ entries: [StackEntry]) { text.stack(entries) }
    package func text(_ lines: [String]) { text.text(lines) }
    package func settings(_ listing: SettingsListing) { text.settings(listing) }
    package func progress(_ running: Bool) {}
    package func apply(_ settings: ShellSettings) {}
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
