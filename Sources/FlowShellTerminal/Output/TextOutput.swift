import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows the REPL's output as text, styled by the theme when colour is on, fitted to the
/// terminal's width as it is when each thing is shown.
@MainActor
package final class TextOutput: TerminalView {
    private let console: Console
    private let interactive: Bool
    private var styler: TextStyler
    private let colourByDefault: Bool
    private let terminalWidth: () -> Int
    private var fixedWidth: Int?
    private var pagesLongOutput = true
    private let progressIndicator: ProgressIndicator?
    /// The terminal the text is shown on, whose rows and columns are asked as it is shown.
    private let terminal: Int32
    /// Whether long output may go through the pager, a program of this machine.
    private let pages: Bool

    /// - Parameters:
    ///   - interactive: a person at a terminal: a blank line before each screen, messages
    ///     wrapped, a progress line for slow commands.
    ///   - terminal: the terminal the text is shown on, when it is one: the process's own by
    ///     default, or a session's.
    ///   - pages: whether long output may go through the pager (`$PAGER`, a program of this
    ///     machine, run on the process's own terminal).
    ///   - width: the width to fit text to, unless `set width` chose one.
    package init(
        console: Console, interactive: Bool, colour: Bool, terminal: Int32 = STDOUT_FILENO, pages: Bool = true,
        width: @escaping () -> Int
    ) {
        self.console = console
        self.interactive = interactive
        self.styler = TextStyler(colour: colour)
        self.colourByDefault = colour
        self.terminal = terminal
        self.pages = pages
        self.terminalWidth = width
        self.progressIndicator = interactive ? ProgressIndicator(console: console, styler: TextStyler(colour: colour)) : nil
    }

    /// The width to fit: what `set width` chose, else the terminal's.
    func width() -> Int {
        fixedWidth ?? terminalWidth()
    }

    package func apply(_ settings: ShellSettings) {
        lastHelp = nil
        lastNotice = nil
        renderedScreens = []
        styler = TextStyler(colour: settings.colour ?? colourByDefault)
        fixedWidth = settings.width
        pagesLongOutput = settings.pager
    }

    /// Writes `text`, through the pager when a person would otherwise see it scroll away.
    /// - Parameter screen: `text` is a screen, which a later one may be drawn over in place.
    private func page(_ text: String, screen: Bool = false) {
        if interactive, pages, pagesLongOutput, let rows = Terminal.height(terminal),
            text.reduce(0, { $1 == "\n" ? $0 + 1 : $0 }) >= rows - 1, Pager.show(text)
        {
            return
        }
        writeScreenOrText(text, screen: screen)
    }

    /// Writes a screen so that a later one may be drawn over it — only when its rows are the
    /// terminal's rows, i.e. it is not laid out wider than the terminal (`set width`), where rows
    /// wrap — or else as text.
    private func writeScreenOrText(_ text: String, screen: Bool) {
        if screen, interactive, width() <= (Terminal.width(terminal) ?? 0) {
            console.writeScreen(text)
        } else {
            console.write(text)
        }
    }

    private let tables = TableLayoutCache()
    private let hints = CommandHintCache()

    var renderer: ScreenRenderer {
        ScreenRenderer(width: width(), styler: styler, wrapsMessages: interactive, tables: tables, hints: hints)
    }

    /// The text shows only the top screen (`where` shows the stack).
    package var showsStackWithScreens: Bool { false }

    package func screen(_ screen: ScreenSnapshot) {
        guard screen.cause == .update, interactive else {
            pendingUpdate = nil
            let text = (interactive ? "\n" : "") + rendered(screen.properties)
            if let progressIndicator, progressIndicator.isRunning {
                // A running command's progress: never paged, each drawn over the one before.
                progressIndicator.erase()
                writeScreenOrText(text, screen: true)
            } else {
                page(text, screen: true)
            }
            return
        }
        // A screen that changes by itself is shown at once, then at most once per
        // `updateInterval` (its latest state), never through the pager: a person is typing
        // below it. It is drawn over the screen shown last when nothing came after that one.
        pendingUpdate = screen
        guard updateTimer == nil else { return }
        showPendingUpdate()
        updateTimer = Task { @MainActor [weak self] in
            // The quiet interval after a shown update; what came meanwhile is shown at its end.
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.updateInterval)
                guard let self, self.pendingUpdate != nil else { break }
                self.showPendingUpdate()
            }
            self?.updateTimer = nil
        }
    }

    /// The screens laid out last (two: going back to a screen as it was, `back`, shows it as
    /// laid out before), the latest last.
    private var renderedScreens: [RenderedScreen] = []

    /// A screen as text, with what its text was laid out from: what the renderer reads of its
    /// properties (of its commands, only their names: comparing whole descriptions, hundreds
    /// where a config adds them, cost more than laying the screen out) and the width.
    private struct RenderedScreen {
        let title: String
        let content: [Component]
        let status: String?
        let commandNames: [String]
        let width: Int
        let text: String

        func isLaidOut(from properties: ViewProperties, width: Int) -> Bool {
            guard width == self.width, properties.title == title, properties.status == status,
                properties.commands.count == commandNames.count
            else { return false }
            // By index: a command's name is read without copying the rest of its description.
            for index in commandNames.indices where properties.commands[index].name != commandNames[index] { return false }
            return properties.content == content
        }
    }

    /// `properties` laid out as text at the width now.
    private func rendered(_ properties: ViewProperties) -> String {
        let width = width()
        for kept in renderedScreens where kept.isLaidOut(from: properties, width: width) {
            return kept.text
        }
        let text = renderer.render(properties)
        var names: [String] = []
        names.reserveCapacity(properties.commands.count)
        for index in properties.commands.indices { names.append(properties.commands[index].name) }
        if renderedScreens.count == 2 { renderedScreens.removeFirst() }
        renderedScreens.append(
            RenderedScreen(
                title: properties.title, content: properties.content, status: properties.status, commandNames: names,
                width: width, text: text))
        return text
    }

    private func showPendingUpdate() {
        guard let latest = pendingUpdate else { return }
        pendingUpdate = nil
        writeScreenOrText(
            "\n" + renderer.render(latest.properties)
                + renderer.message(.muted, "\(TextSanitizer.clean(latest.properties.title)) changed by itself"), screen: true)
    }

    /// How often at most a screen that changes by itself is shown again.
    static let updateInterval = Duration.milliseconds(100)
    private var pendingUpdate: ScreenSnapshot?
    private var updateTimer: Task<Void, Never>?

    package func text(_ lines: [String]) {
        page(TextSanitizer.clean(lines.joined(separator: "\n"), keepingNewlines: true) + "\n")
    }

    package func notice(_ notice: Notice) {
        let width = width()
        let text: String
        if let lastNotice, lastNotice.notice == notice, lastNotice.width == width {
            text = lastNotice.text
        } else {
            text = renderer.message(notice.style, notice.text)
            lastNotice = (notice, width, text)
        }
        switch notice.style {
        case .error, .warning: console.writeError(text)
        case .success, .info, .muted: console.write(text)
        }
    }

    /// The last notice written, with the width it was laid out at: one said again (`nothing
    /// changed`, after each command that changes nothing) is written as it was laid out then.
    private var lastNotice: (notice: Notice, width: Int, text: String)?

    /// The widest the usage column of `help` gets.
    static let usageColumnLimit = 24

    /// The last help shown, with the width it was laid out at, shown again as it is when nothing
    /// changed: the `help` row of `make bench` keeps within its goal only so (laying help out
    /// wraps every summary).
    private var lastHelp: (listing: HelpListing, width: Int, text: String)?

    package func help(_ listing: HelpListing) {
        let currentWidth = width()
        if let lastHelp, lastHelp.listing == listing, lastHelp.width == currentWidth {
            page(lastHelp.text)
            return
        }
        let rows = (listing.screenCommands + listing.globalCommands).map { (TextSanitizer.clean($0.usage), $0.summary) }
        let columns = TwoColumns(lefts: rows.map(\.0), limit: Self.usageColumnLimit, width: currentWidth, indent: "  ", gap: "  ")
        func section(_ title: String, _ commands: [CommandUsage]) -> String {
            styler.apply(.heading, title) + "\n"
                + commands.map { columns.row(TextSanitizer.clean($0.usage), $0.summary) { renderer.wrap($0, width: $1) } }.joined()
        }
        var text = ""
        if !listing.screenCommands.isEmpty {
            text += section("Commands on this screen (\(TextSanitizer.clean(listing.screenTitle))):", listing.screenCommands)
        }
        text += section("Global commands:", listing.globalCommands)
        lastHelp = (listing, currentWidth, text)
        page(text)
    }

    /// `set`: each setting's `name = value`, aligned, with what it does beside it, wrapped
    /// under itself when the line would pass the width.
    package func settings(_ listing: SettingsListing) {
        let assignments = listing.assignments.map { TextSanitizer.clean($0) }
        // Names and values are short: the column is as wide as the widest.
        let columns = TwoColumns(lefts: assignments, limit: .max, width: width(), indent: "", gap: "  — ")
        let renderer = self.renderer
        page(zip(assignments, listing.rows).map { columns.row($0, $1.summary) { renderer.wrap($0, width: $1) } }.joined())
    }

    package func usage(_ usage: CommandUsage) {
        // The summary and the values are wrapped at words, indented, as `help` wraps its own:
        // the terminal would break them mid-word.
        let renderer = self.renderer
        let indented = { (text: String) in renderer.wrap(text, width: renderer.width - 2).map { "  " + $0 + "\n" }.joined() }
        var text = "usage: \(usage.usage)\n" + indented(usage.summary)
        for argument in usage.arguments where !argument.values.isEmpty {
            text += indented("\(argument.name): \(argument.values.joined(separator: ", "))")
        }
        console.write(TextSanitizer.clean(text, keepingNewlines: true))
    }

    /// The last stack written, as text: the same stack (`where` asked again) is written as it is.
    private var lastStack: (entries: [StackEntry], text: String)?

    package func stack(_ entries: [StackEntry]) {
        if let lastStack, lastStack.entries == entries {
            console.write(lastStack.text)
            return
        }
        let text = Self.stackText(entries)
        lastStack = (entries, text)
        console.write(text)
    }

    /// The stack as `where` lists it.
    private static func stackText(_ entries: [StackEntry]) -> String {
        // Written into one string by a loop: closures made here, isolated to the main actor,
        // would check their executor at every call.
        var text = ""
        for (depth, entry) in entries.enumerated() {
            text += "\(depth + 1). \(entry.title)\(entry.modal ? " [modal]" : "") (\(entry.screen)"
            for key in entry.input.keys.sorted() {
                text += ", \(key)=\(entry.input[key] ?? "")"
            }
            text += ")\n"
        }
        return entries.isEmpty ? "\n" : TextSanitizer.clean(text, keepingNewlines: true)
    }

    package func progress(_ running: Bool) {
        if running { progressIndicator?.start() } else { progressIndicator?.stop() }
    }

    package func lineCancelled() {
        // The abandoned line stays visible; the fresh prompt goes below it.
        if interactive { console.write("\n") }
    }

    package func endOfInput() {
        if interactive { console.write("\n") }
    }

    package func flush() {
        console.flush()
    }

    /// The screen as a script sees it: no colour, no wrapping.
    package func plainText(of screen: ViewProperties) -> String? {
        ScreenRenderer(width: ScreenRenderer.unbounded, styler: TextStyler(colour: false), wrapsMessages: false).render(screen)
    }
}

/// Rows of a name (a usage, a setting's `name = value`) and what it does: the names in a column
/// as wide as they are, up to a limit — a longer one has a line of its own, its summary starting
/// on the next — so that one long name does not squeeze every summary; each summary wrapped to
/// the rest of the width, its later lines under its first.
struct TwoColumns {
    /// The width of the names' column.
    let leftWidth: Int
    /// The width the summaries are wrapped to.
    let summaryWidth: Int
    /// What comes before each name.
    let indent: String
    /// What comes between a name and its summary.
    let gap: String

    init(lefts: [String], limit: Int, width: Int, indent: String, gap: String) {
        leftWidth = lefts.map(DisplayWidth.of).filter { $0 <= limit }.max() ?? 0
        summaryWidth = max(10, width - leftWidth - DisplayWidth.of(indent + gap))
        self.indent = indent
        self.gap = gap
    }

    /// One row, each of its lines ended by a newline.
    func row(_ left: String, _ summary: String, wrap: (String, Int) -> [String]) -> String {
        let under = String(repeating: " ", count: DisplayWidth.of(indent + gap) + leftWidth)
        let alone = DisplayWidth.of(left) > leftWidth
        return (alone ? indent + left + "\n" : "")
            + wrap(summary, summaryWidth).enumerated().map { index, line in
                (index == 0 && !alone ? indent + DisplayWidth.pad(left, to: leftWidth) + gap : under) + line + "\n"
            }.joined()
    }
}
