import FlowCoordinator
import FlowShellKit

/// Remembers the lines a person types, and runs one of them again for `!N`, `!!`, `!-N` and
/// `!prefix` (as it was typed then, with any words after the reference). The session's history
/// is the state it keeps, which `history`, a session's ``SessionState`` and the capabilities
/// that run lines again (`history -e`, `edit`) read through it. A script's lines are the
/// script's (`run FILE`, the startup file), unless it is one the person wrote for the purpose
/// (`edit`).
@MainActor
final class HistoryRecall: LineHandler {
    /// The lines run in this session, and those of earlier sessions the front end keeps.
    var history = SessionHistory()
    /// Whether the line that runs now was added to the history (a typed one, or a line of a
    /// script remembered as typed): ranges of lines leave it out, and a line that runs others
    /// gives its place to them.
    private var lineIsInHistory = false

    /// A line that recalls none (most) is remembered and passes on at once.
    func passesAtOnce(_ line: String, in context: SessionContext) -> String? {
        // Trimmed only when it may be a reference, found from the bytes: Foundation's trimming
        // bridges through NSString, which every line would otherwise pay for.
        guard Self.firstByte(of: line) != UInt8(ascii: "!") else { return nil }
        remember(line, in: context)
        return line
    }

    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        var line = line
        if Self.firstByte(of: line) == UInt8(ascii: "!") {
            guard let earlier = recalled(line, in: context) else { return .next }
            line = earlier
            context.session.output.notice(Notice(.muted, line))
        }
        remember(line, in: context)
        return await next(line)
    }

    /// Adds `line` to the history when it is typed (or remembered as typed): a line with no
    /// words (or none that can be read) is not remembered.
    private func remember(_ line: String, in context: SessionContext) {
        guard Self.hasWords(line) else { return }
        lineIsInHistory = context.session.scripts.linesAreRemembered
        if lineIsInHistory { history.append(line) }
    }

    /// The first byte of `line` that is not a space or tab. Nonisolated, as `hasWords`: a closure
    /// made in code isolated to the main actor checks at every call that it runs there.
    private nonisolated static func firstByte(of line: String) -> UInt8? {
        line.utf8.first { $0 != 0x20 && $0 != 0x09 }
    }

    /// Whether `line` has a word the core would read: found from its bytes when it has no quote
    /// or escape (most lines), so that a line is not tokenized twice.
    private nonisolated static func hasWords(_ line: String) -> Bool {
        let quoting = line.utf8.contains { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard quoting else {
            let first = line.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            return first != nil && first != UInt8(ascii: "#")
        }
        return (try? CommandLineTokenizer.words(of: line))?.isEmpty == false
    }

    /// The number of the last line typed in this session before the one that runs now (0 when
    /// there is none).
    var lastLineNumber: Int {
        history.nextNumber - 1 - (lineIsInHistory ? 1 : 0)
    }

    /// Takes the line that runs now out of the history, when it was put there, so that the lines
    /// it runs again take its place, as with bash's `fc`: `history -r`, `history -e` and `edit`
    /// leave in the history what they ran, and a script `history -o` writes of it runs the same
    /// lines anywhere. Such a line leaves the history even when it fails, so that none runs
    /// itself again. Returns whether it was there, which is whether the lines it runs are kept.
    func giveThisLinesPlaceToWhatItRuns() -> Bool {
        guard lineIsInHistory else { return false }
        history.removeLast()
        lineIsInHistory = false
        return true
    }

    /// The line `line` (`!N`, `!!`, `!-N`, `!prefix`, with any words after it) recalls, with
    /// those words after it; nil, with the failure said, when there is none.
    private func recalled(_ line: String, in context: SessionContext) -> String? {
        var trimmed = line.drop(while: \.isWhitespace)
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        let reference = trimmed.prefix { !$0.isWhitespace }
        let rest = trimmed.dropFirst(reference.count)
        let body = reference.dropFirst()
        let found: String?
        if body == "!" {
            found = history.line(history.nextNumber - 1)
        } else if let number = Int(body) {
            found = history.line(number > 0 ? number : history.nextNumber + number)
        } else if !body.isEmpty {
            found = history.latest(startingWith: String(body))
        } else {
            found = nil
        }
        guard let found else {
            let what = Int(body) == nil && body != "!" && !body.isEmpty ? "no line starting with '\(body)'" : "no line \(reference)"
            context.fail("\(what) in the history — history lists them")
            return nil
        }
        return found + rest
    }
}
