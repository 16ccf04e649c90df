import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import FlowShellTerminal
import LineEditor

/// A line given to `ssh HOST 'LINE'` (an `exec` request): run as a script would run it — its
/// lines in order, stopping at the first that fails — with its output and errors sent back as
/// the command's, and its exit status (`quit N`'s, else 1 when a line failed, else 0) the
/// session's. What it shows is what its lines show: not the screen the flow starts on, which
/// nobody asked for. With no terminal asked for, the text is plain and not fitted to a width.
@MainActor
final class CommandSession: RunningSession {
    private let session: Session
    private let output: CommandOutput
    /// The loop the command's lines run on: Ctrl-C and the client's leaving reach it at once.
    private let loop: SessionLoop

    convenience init(
        _ served: ServedSession, runtime: FlowRuntime, link: SessionLink, columns: Int?, terminalType: String?, guards: ServerGuards
    ) {
        self.init(
            served, runtime: runtime, console: ChannelConsole(link: link, translatesNewlines: columns != nil), columns: columns,
            terminalType: terminalType, guards: guards)
    }

    /// The session `served` of a command, writing to `console` (the channel's, or a test's).
    init(_ served: ServedSession, runtime: FlowRuntime, console: any Console, columns: Int?, terminalType: String?, guards: ServerGuards) {
        let console = RedactingConsole(console, redaction: guards.redaction)
        let colour = terminalType.map { Terminal.colours(ofType: $0) >= 8 } ?? false
        output = CommandOutput(
            TextOutput(console: console, interactive: false, colour: colour, terminal: -1, pages: false) {
                columns ?? ScreenRenderer.unbounded
            })
        session = Session(
            runtime: runtime, output: output, handlers: guards.lineHandlers(for: served), cancellable: true, showsProgress: false)
        loop = SessionLoop(session: session, stopsAtFirstFailure: true, numbersLines: true)
    }

    /// Runs `line`'s lines on the session's loop, each numbered as a script's, stopping at the
    /// first that fails; returns the exit status.
    func run(_ line: String) async -> Int32 {
        // The first screen is bound to the session unseen; the lines' own screens are shown.
        output.showsScreens = false
        session.showTop()
        output.showsScreens = true
        for (index, line) in Self.lines(of: line).enumerated() {
            loop.feed.yield(.line(line, id: index + 1))
        }
        loop.feed.yield(.end)
        let step = await loop.run { _ in }
        output.flush()
        if case .quit(let status?) = step { return status }
        return session.failures == 0 ? 0 : 1
    }

    /// The lines of a command's text, as a script's: split at newlines, a carriage return
    /// before one dropped.
    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            var line = String(line)
            if line.utf8.last == 0x0D { line.removeLast() }
            return line
        }
    }

    func interrupt() {
        loop.feed.yield(.cancel(id: nil))
    }

    func hangUp() {
        loop.feed.yield(.hangUp)
    }
}

/// A command's View: the terminal's text, with the screens shown or not.
@MainActor
final class CommandOutput: TerminalView {
    private let base: TextOutput
    /// Whether a screen is shown.
    var showsScreens = true

    init(_ base: TextOutput) {
        self.base = base
    }

    func screen(_ screen: ScreenSnapshot) {
        if showsScreens { base.screen(screen) }
    }

    func notice(_ notice: Notice) { base.notice(notice) }
    func help(_ listing: HelpListing) { base.help(listing) }
    func usage(_ usage: CommandUsage) { base.usage(usage) }
    func stack(_ entries: [StackEntry]) { base.stack(entries) }
    func text(_ lines: [String]) { base.text(lines) }
    func progress(_ running: Bool) { base.progress(running) }
    func lineCancelled() { base.lineCancelled() }
    func endOfInput() { base.endOfInput() }
    func apply(_ settings: ShellSettings) { base.apply(settings) }
    func flush() { base.flush() }
}

/// A command's console: what it writes goes to the SSH channel, errors to the client's standard
/// error. With a terminal asked for, each newline goes as a carriage return and a newline, as a
/// terminal in the client's raw mode needs.
@MainActor
final class ChannelConsole: Console {
    private let link: SessionLink
    private let translatesNewlines: Bool

    init(link: SessionLink, translatesNewlines: Bool) {
        self.link = link
        self.translatesNewlines = translatesNewlines
    }

    func write(_ text: String) {
        link.send(bytes(of: text), toStandardError: false)
    }

    func writeError(_ text: String) {
        link.send(bytes(of: text), toStandardError: true)
    }

    private func bytes(of text: String) -> [UInt8] {
        guard translatesNewlines else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte == 0x0A { bytes.append(0x0D) }
            bytes.append(byte)
        }
        return bytes
    }
}
