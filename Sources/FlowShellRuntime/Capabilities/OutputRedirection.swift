import FlowShellKit
import Foundation

/// Where a line's output goes instead of the screen: `CMD > FILE` writes the file anew,
/// `CMD >> FILE` adds to its end, `CMD | COMMAND` hands the output to a program. Inside quotes or
/// after a backslash, `>` and `|` are ordinary characters (`filter '>'`). The tokenizer knows the
/// operators in every session; what they do is a capability's (``OutputDestination``).
struct OutputRedirection: Equatable, Sendable {
    /// Which operator the line used.
    let kind: RedirectionOperator
    /// What follows it: a file's name (one word, unquoted), or a program's line as typed.
    let target: String

    /// `line` split at its first `>`, `>>` or `|` outside quotes: the command's own text, and
    /// where its output goes (nil: the screen as usual). A redirection with no file or command
    /// after it, or none before it, is an error in the user's words.
    static func split(_ line: String) throws(UserFacingError) -> (command: String, redirection: OutputRedirection?) {
        guard mayRedirect(line), let (index, kind) = firstOperator(in: line) else { return (line, nil) }
        let symbol = kind.rawValue
        let command = String(line[..<index])
        let after = line[line.index(index, offsetBy: symbol.count)...]
        guard command.contains(where: { !$0.isWhitespace }) else {
            throw UserFacingError(
                "nothing before \(symbol) — CMD \(symbol) \(kind == .pipe ? "SHELL-COMMAND" : "FILE") sends CMD's output there")
        }
        if kind == .pipe {
            let target = after.trimmingCharacters(in: .whitespaces)
            guard !target.isEmpty else {
                throw UserFacingError("no command after | — CMD | SHELL-COMMAND sends CMD's output to SHELL-COMMAND")
            }
            return (command, OutputRedirection(kind: .pipe, target: target))
        }
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(of: String(after))
        } catch {
            throw UserFacingError("cannot read the file name after \(symbol): \(error.message)")
        }
        guard let path = words.first else {
            throw UserFacingError("no file after \(symbol) — CMD \(symbol) FILE writes CMD's output to FILE")
        }
        guard words.count == 1 else {
            throw UserFacingError("one file after \(symbol), not \(words.count) words (quote a name with spaces)")
        }
        return (command, OutputRedirection(kind: kind, target: path))
    }

    /// Whether `line` has a `>` or `|` at all: most lines have neither, and are not read further.
    static func mayRedirect(_ line: String) -> Bool {
        line.utf8.contains { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "|") }
    }

    /// Where the first `>`, `>>` or `|` outside quotes, escapes and comments is, and which it is.
    private static func firstOperator(in line: String) -> (String.Index, RedirectionOperator)? {
        var quote: Character?
        var escaping = false
        var atWordStart = true
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            defer { index = line.index(after: index) }
            if escaping {
                escaping = false
                atWordStart = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"" {
                    escaping = true
                }
                continue
            }
            switch character {
            case "\\":
                escaping = true
            case "'", "\"":
                quote = character
            case "#" where atWordStart:
                return nil  // A comment: the rest of the line is not read.
            case "|":
                return (index, .pipe)
            case ">":
                let next = line.index(after: index)
                return (index, next < line.endIndex && line[next] == ">" ? .append : .write)
            default:
                break
            }
            atWordStart = character == " " || character == "\t"
        }
        return nil
    }
}
