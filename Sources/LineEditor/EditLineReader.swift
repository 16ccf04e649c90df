import CEditShim
import FlowShellKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines on a terminal with libedit: emacs keys, history (Up, and Ctrl-R's reverse
/// search, shown as bash shows it), Tab completion
/// and UTF-8 input; Ctrl-C abandons the line. The line is read on a thread of its own, so the
/// main actor goes on while a person types: what it shows meanwhile (``show(_:onStandardError:prompt:)``)
/// appears above the prompt, and the half-typed line comes back below it, cursor and all.
///
/// The terminal is the process's own (``init(program:historyPath:completer:)``), or one of a
/// server's sessions (``init(program:terminal:completer:)``): several of those read at once, each
/// on its thread, and none takes the process's signals.
@MainActor
public final class EditLineReader: LineReader {
    /// Answers Tab, given the line's text before the cursor. It is called on the reader's
    /// thread, which waits for the answer (no lock of libedit's is held meanwhile): it may ask
    /// another thread or actor and wait, as the shell asks its session's loop.
    public typealias Completer = @Sendable (String) -> Completion

    /// How many lines the history keeps.
    public static let historySize = 1000

    private var editor: OpaquePointer?
    private nonisolated let completer: Completer
    private let thread: ReaderThread
    private let historyPath: String?
    private var historyFailureSaid = false
    /// The terminal written to: its width lays out Tab's listing.
    private nonisolated let outputDescriptor: Int32
    /// Whether the terminal is one of its own (a session's), not the process's.
    private let onOwnTerminal: Bool
    /// What other threads may ask of the editor: whether a line is being read, and to fit the
    /// line to a new window size (a session's terminal only).
    public nonisolated let control: LineReaderControl
    /// Whether lines are saved to the history file (not when it is kept as it was).
    private var savesHistory = true

    /// Opens the editor on the terminal; returns nil when libedit cannot start.
    /// `historyPath` is loaded now and saved after every line (nil: no history file); when it
    /// cannot be written, a warning says so once, on stderr.
    public init?(program: String, historyPath: String?, completer: @escaping Completer) {
        self.completer = completer
        self.historyPath = historyPath
        outputDescriptor = STDOUT_FILENO
        onOwnTerminal = false
        // The process has one line editor on its terminal, whose thread lives as long as it.
        thread = ReaderThread(name: "line editor", stackSize: nil)
        fs_use_environment_locale()
        let made = LineReaderControl()
        control = made
        // The editor lives exactly as long as this object, so an unretained pointer is safe.
        editor = fs_editor_create(program, Int32(Self.historySize), Self.callback, Unmanaged.passUnretained(self).toOpaque())
        guard let editor else {
            thread.finish()
            return nil
        }
        made.attach(editor)
        if let historyPath, fs_history_load(editor, historyPath) < 0, Self.mayHoldLines(historyPath) {
            keepAside(unreadableHistory: historyPath)
        }
    }

    /// Whether `path` is a file that may hold someone's lines: there, not a folder, and not
    /// empty or blank (such a file, left by `touch` or a full disk, has nothing to lose).
    private static func mayHoldLines(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return false }
        // One that cannot be read may hold lines.
        guard let contents = FileManager.default.contents(atPath: path) else { return true }
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
        return contents.contains { !blank.contains($0) }
    }

    /// A history file that is there but cannot be read (not in libedit's format, say) is never
    /// written over: it is kept under another name and a new one started, or, when it cannot be
    /// moved, this session's lines are not saved; a warning says which, on stderr.
    private func keepAside(unreadableHistory path: String) {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var stamp = [UInt8](repeating: 0, count: 32)
        let length = stamp.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { strftime($0.baseAddress, $0.count, "%Y%m%d-%H%M%S", &parts) }
        }
        let kept = "\(path).unreadable-\(String(decoding: stamp.prefix(length), as: UTF8.self))"
        if access(kept, F_OK) != 0, rename(path, kept) == 0 {
            let name = kept.split(separator: "/").last.map(String.init) ?? kept
            Platform.write(
                "warning: the history file \(path) is not one this shell can read; it is kept as \(name) and a new one is started\n",
                to: STDERR_FILENO)
        } else {
            savesHistory = false
            Platform.write(
                "warning: the history file \(path) is not one this shell can read, and cannot be moved aside; this session's lines will not be saved to it\n",
                to: STDERR_FILENO)
        }
    }

    /// The terminal of one of a server's sessions: the slave side of its pseudo-terminal.
    public struct SessionTerminal: Sendable {
        /// Where keys are read.
        public var input: Int32
        /// Where the prompt, the line and what is shown go.
        public var output: Int32
        /// The terminal type its client named (`xterm-256color`), which says how to move the
        /// cursor and erase there; one terminfo does not know is taken as `dumb`.
        public var type: String

        /// A terminal reading keys from `input` and writing to `output`, of type `type`.
        public init(input: Int32, output: Int32, type: String) {
            self.input = input
            self.output = output
            self.type = type
        }
    }

    /// Opens the editor on a session's terminal, with a history of that session alone (no file)
    /// and a thread of its own that ends with this object; nil when libedit cannot start there.
    /// The descriptors stay the caller's, to close once this object is gone. Ctrl-C and Ctrl-\
    /// typed there abandon the line (they arrive as bytes: nothing on that terminal takes
    /// signals); ``LineReaderControl/windowResized()`` fits the line to a new size; the read
    /// ends (``LineReadResult/end``) when the terminal's other side closes.
    public init?(program: String, terminal: SessionTerminal, completer: @escaping Completer) {
        self.completer = completer
        historyPath = nil
        outputDescriptor = terminal.output
        onOwnTerminal = true
        // A session's thread waits in poll and handles keys: a small stack is plenty, and a
        // server holds one per session.
        thread = ReaderThread(name: "session line editor", stackSize: Self.sessionStackSize)
        fs_use_environment_locale()
        let made = LineReaderControl()
        control = made
        editor = fs_editor_create_on(
            program, Int32(Self.historySize), Self.callback, Unmanaged.passUnretained(self).toOpaque(),
            terminal.input, terminal.output, terminal.type)
        guard let editor else {
            thread.finish()
            return nil
        }
        made.attach(editor)
    }

    /// The most characters a line takes (nil: no bound). What is typed or pasted once the line
    /// holds one more is dropped before the editor sees it: the line reaches its reader too
    /// long, to be refused there, and a paste of megabytes costs no more than that.
    public var longestLine: Int? {
        didSet {
            guard let editor else { return }
            fs_editor_set_longest_line(editor, Int32(clamping: longestLine ?? 0))
        }
    }

    /// The stack of a session's reader thread, in bytes.
    static let sessionStackSize = 512 * 1024

    private static let callback: fs_completer = { context, beforeCursor in
        EditLineReader.complete(context: context, beforeCursor: beforeCursor)
    }

    /// Answers Tab for libedit, which calls back from el_gets on the reader thread: the
    /// completer is asked there, and the reader waits for its answer.
    private nonisolated static func complete(context: UnsafeMutableRawPointer?, beforeCursor: UnsafePointer<CChar>?) -> fs_completion {
        guard let context, let beforeCursor else { return fs_completion(insert: nil, listing: nil, delete_count: 0) }
        let text = String(cString: beforeCursor)
        // The reader lives as long as its editor, which calls this only while it reads.
        let reader = Unmanaged<EditLineReader>.fromOpaque(context).takeUnretainedValue()
        let completion = reader.completer(text)
        let columns = Terminal.width(reader.outputDescriptor) ?? 80
        var listed: UnsafeMutablePointer<CChar>?
        if !completion.candidates.isEmpty {
            listed = strdup(listing(completion.candidates, descriptions: completion.descriptions, columns: columns))
        }
        return fs_completion(
            insert: completion.insert.isEmpty ? nil : strdup(completion.insert), listing: listed,
            delete_count: Int32(clamping: completion.deleting))
    }

    isolated deinit {
        end()
    }

    /// Ends the editor now: its terminal is left in its normal mode, its thread ends, and it
    /// reads no more lines (each read is ``LineReadResult/end``). Call it only when no line is
    /// being read. At the process's terminal, call it before the terminal is given back
    /// (``Terminal/restoreForeground()``), not later: a change of the terminal's modes from a
    /// process group that no longer has it stops the process (SIGTTOU), and a deinit on the main
    /// actor may run after that, or not at all before the process exits. A session's server
    /// closes its terminal after.
    public func end() {
        guard let editor else { return }
        control.detach()
        fs_editor_destroy(editor)
        self.editor = nil
        thread.finish()
    }

    /// Reads a line with `prompt` (ANSI sequences in it are handled as invisible), on the
    /// reader thread; the main actor is free meanwhile.
    public func readLine(prompt: String) async -> LineReadResult {
        guard let editor else { return .end }
        fs_editor_set_prompt(editor, Self.markInvisible(prompt))
        let pointer = EditorPointer(editor)
        let onOwnTerminal = self.onOwnTerminal
        return await withCheckedContinuation { continuation in
            thread.run {
                var line: UnsafePointer<CChar>?
                let result: LineReadResult
                switch fs_editor_read(pointer.editor, &line) {
                case 1:
                    var text = line.map { String(cString: $0) } ?? ""
                    if text.hasSuffix("\n") { text.removeLast() }
                    result = line == nil ? .end : .line(text)
                case -1:
                    // The process's Ctrl-C came as a signal, which is taken here; a session's as a byte.
                    if !onOwnTerminal { _ = Terminal.takeInterrupt() }
                    result = .interrupted
                default:
                    result = .end
                }
                continuation.resume(returning: result)
            }
        }
    }

    /// Shows `text` on standard output (or error) and, when given, makes `prompt` the prompt:
    /// while a line is read, above the prompt and the half-typed line, which come back below
    /// it intact; otherwise at once.
    public func show(_ text: String?, onStandardError: Bool = false, prompt: String? = nil) {
        guard let editor else { return }
        fs_editor_show(editor, text, onStandardError ? 1 : 0, prompt.map(Self.markInvisible))
    }

    /// Shows a screen — `text`, each row ended by a newline — as ``show(_:onStandardError:prompt:)``
    /// does, but drawn over the screen shown last when that is still the last thing on the
    /// terminal above the prompt and fits the window: a screen that changes is redrawn in place.
    public func show(screen text: String) {
        guard let editor else { return }
        fs_editor_show_screen(editor, text)
    }

    /// The lines in the history now, oldest first: at the start, those of earlier sessions
    /// that the history file kept.
    public func historyLines() -> [String] {
        guard let editor, let text = fs_history_text(editor) else { return [] }
        defer { free(text) }
        return String(cString: text).split(separator: "\n").map(String.init)
    }

    /// Adds a line to the history and saves the history file atomically.
    public func remember(_ line: String) {
        guard let editor, !line.allSatisfy(\.isWhitespace) else { return }
        _ = fs_history_add(editor, line)
        guard let historyPath, savesHistory else { return }
        // Write a sibling file, then rename: a crash never leaves a truncated history. (The
        // sibling is named as AtomicFile names them, which removes those a crash left.)
        let temporary = "\(historyPath).\(getpid()).tmp"
        if fs_history_save(editor, temporary) >= 0 && rename(temporary, historyPath) == 0 { return }
        let reason = errno
        unlink(temporary)
        guard !historyFailureSaid else { return }
        historyFailureSaid = true
        var words = reason == 0 ? "it cannot be written" : String(cString: strerror(reason))
        words = words.prefix(1).lowercased() + words.dropFirst()
        Platform.write("warning: history will not be saved to \(historyPath): \(words)\n", to: STDERR_FILENO)
    }

    /// Encloses each escape sequence in '\1' so libedit does not count it as width.
    nonisolated static func markInvisible(_ prompt: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1B}" {
                inEscape = true
                result.unicodeScalars.append("\u{01}")
            }
            result.unicodeScalars.append(scalar)
            if inEscape && scalar.properties.isAlphabetic && scalar != "[" {
                inEscape = false
                result.unicodeScalars.append("\u{01}")
            }
        }
        return result
    }

    /// The candidates laid out in columns of a terminal `terminalColumns` wide, ending with a
    /// newline. With descriptions, one candidate a line with what it is beside it, cut with `…`
    /// where the line would wrap.
    nonisolated static func listing(
        _ candidates: [String], descriptions: [String: String] = [:], columns terminalColumns: Int = 80
    ) -> String {
        if !descriptions.isEmpty {
            let width = candidates.map(columns(of:)).max() ?? 0
            return candidates.map { candidate in
                guard let description = descriptions[candidate] else { return candidate }
                let padded = candidate + String(repeating: " ", count: max(0, width - columns(of: candidate)))
                // The last column is left free: a line that fills it makes some terminals wrap.
                return truncated(padded + "  " + description, to: max(width, terminalColumns - 1))
            }.joined(separator: "\n") + "\n"
        }
        let width = (candidates.map(columns(of:)).max() ?? 0) + 2
        let perLine = max(1, terminalColumns / width)
        var text = ""
        for (index, candidate) in candidates.enumerated() {
            let isLast = index == candidates.count - 1 || (index + 1) % perLine == 0
            text += candidate + (isLast ? "\n" : String(repeating: " ", count: max(0, width - columns(of: candidate))))
        }
        return text
    }

    /// The columns `text` takes on the terminal.
    private nonisolated static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + Terminal.columns(of: $1) }
    }

    /// `text` cut to at most `width` columns, ending with `…` when cut.
    nonisolated static func truncated(_ text: String, to width: Int) -> String {
        guard columns(of: text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let taken = columns(of: String(character))
            if used + taken > width - 1 { break }
            result.append(character)
            used += taken
        }
        return result + "…"
    }
}

/// One thread that runs a line editor's reads, one at a time: libedit is used from this
/// thread alone while it reads, and the process's terminal's signal handling stays on it.
private final class ReaderThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var job: (@Sendable () -> Void)?
    private var finished = false

    /// Starts the thread, named `name`, with a stack of `stackSize` bytes (nil: the system's).
    init(name: String, stackSize: Int?) {
        let thread = Thread { self.loop() }
        thread.name = name
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// Runs `job` on the thread.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        self.job = job
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the job it runs, if any, returns.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while job == nil && !finished { condition.wait() }
            let next = job
            job = nil
            let ending = finished
            condition.unlock()
            next?()
            if ending { return }
        }
    }
}
