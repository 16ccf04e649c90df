import FlowShellKit
import Foundation

/// Where a line's output goes instead of the screen, spelled as cmd2 and POSIX shells spell it:
/// `CMD > FILE` writes the file anew, `CMD >> FILE` adds to its end, `CMD | SHELL-COMMAND`
/// hands the output to a command of the user's shell. Inside quotes or after a backslash, `>`
/// and `|` are ordinary characters (`filter '>'`).
enum Redirection: Equatable, Sendable {
    /// Into the file at `path`, replacing it or (`appending`) added to its end.
    case file(path: String, appending: Bool)
    /// Into the standard input of `command`, run by `$SHELL`.
    case pipe(command: String)

    /// `line` split at its first `>`, `>>` or `|` outside quotes: the command's own text, and
    /// where its output goes (nil: the screen as usual). A redirection with no file or command
    /// after it, or none before it, is an error in the user's words.
    static func split(_ line: String) throws(UserFacingError) -> (command: String, redirection: Redirection?) {
        guard mayRedirect(line), let (index, symbol) = firstOperator(in: line) else { return (line, nil) }
        let command = String(line[..<index])
        let after = line[line.index(index, offsetBy: symbol.count)...]
        guard command.contains(where: { !$0.isWhitespace }) else {
            throw UserFacingError("nothing before \(symbol) — CMD \(symbol) \(symbol == "|" ? "SHELL-COMMAND" : "FILE") sends CMD's output there")
        }
        if symbol == "|" {
            let target = after.trimmingCharacters(in: .whitespaces)
            guard !target.isEmpty else {
                throw UserFacingError("no command after | — CMD | SHELL-COMMAND sends CMD's output to SHELL-COMMAND")
            }
            return (command, .pipe(command: target))
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
        return (command, .file(path: path, appending: symbol == ">>"))
    }

    /// Whether `line` has a `>` or `|` at all: most lines have neither, and are not read further.
    static func mayRedirect(_ line: String) -> Bool {
        line.utf8.contains { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "|") }
    }

    /// Where the first `>`, `>>` or `|` outside quotes, escapes and comments is, and which it is.
    private static func firstOperator(in line: String) -> (String.Index, String)? {
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
                return (index, "|")
            case ">":
                let next = line.index(after: index)
                return (index, next < line.endIndex && line[next] == ">" ? ">>" : ">")
            default:
                break
            }
            atWordStart = character == " " || character == "\t"
        }
        return nil
    }
}
