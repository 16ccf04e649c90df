import FlowCoordinator
import FlowShellKit

/// Remembers the lines a person types, and runs one of them again for `!N`, `!!`, `!-N` and
/// `!prefix` (as it was typed then, with any words after the reference): the session's history
/// is the state it keeps. A script's lines are the script's (`run FILE`, the startup file),
/// unless it is one the person wrote for the purpose (`edit`).
struct HistoryRecall: LineHandler {
    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        let session = context.session
        var line = line
        // Trimmed only when it may be a reference, found from the bytes: Foundation's trimming
        // bridges through NSString, which every line would otherwise pay for.
        if line.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "!") {
            guard let earlier = session.recalled(line) else { return .next }
            line = earlier
            session.output.notice(Notice(.muted, line))
        }
        // A line with no words (or none that can be read) is not remembered.
        if let words = try? CommandLineTokenizer.words(of: line), !words.isEmpty {
            session.lineIsInHistory = session.scriptDepth == 0 || session.remembersScriptLines
            if session.lineIsInHistory { session.history.append(line) }
        }
        return await next(line)
    }
}
