/// Splits a typed line into words the way a POSIX shell does, without expansions:
/// whitespace separates words; `'…'` keeps text literally; `"…"` keeps text with `\"` and `\\`
/// escapes; a backslash outside quotes takes the next character literally; `#` at the start of
/// a word begins a comment.
package enum CommandLineTokenizer {
    /// A line that cannot be split.
    package struct Failure: Error, Equatable, Sendable {
        /// What is wrong.
        package var message: String
    }

    /// The words of a line, split part way through for completion.
    package struct Partial: Equatable, Sendable {
        /// The words finished before the cursor.
        package var words: [String]
        /// The word being typed at the cursor (empty after a space).
        package var current: String
        /// Whether the current word is inside an open quote.
        package var inQuote: Bool
    }

    /// The words of a complete line, or a failure for an unterminated quote or escape.
    package static func words(of line: String) throws(Failure) -> [String] {
        // Most lines are plain ASCII words between spaces: split on the bytes, without looking
        // at graphemes, quotes or escapes.
        var line = line
        if let words = line.withUTF8(plainWords) { return words }
        let partial = split(line)
        if partial.inQuote {
            throw Failure(message: "unterminated quote")
        }
        if partial.danglingEscape {
            throw Failure(message: "the line ends with a lone backslash")
        }
        return partial.words + (partial.hasCurrent ? [partial.current] : [])
    }

    /// The words before the cursor and the word being typed, for completion.
    package static func partial(_ textBeforeCursor: String) -> Partial {
        let split = split(textBeforeCursor)
        return Partial(words: split.words, current: split.current, inQuote: split.inQuote)
    }

    /// `word` written so that splitting gives it back (spaces and quotes escaped).
    package static func escape(_ word: String) -> String {
        var text = ""
        for character in word {
            if character == " " || character == "\t" || character == "'" || character == "\"" || character == "\\" || character == "#" {
                text.append("\\")
            }
            text.append(character)
        }
        return text
    }

    /// The words of a line of plain ASCII words between spaces, read from its bytes in one pass
    /// (every typed line comes here, and the generic split of a UTF-8 view walks it through
    /// indices and copies each word again; bench/issue-44.md has the figures); nil when the line
    /// has anything else.
    private static func plainWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var words: [String] = []
        words.reserveCapacity(4)
        var start = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard isPlainWordByteOrSpace(byte) else { return nil }
            guard byte == 0x20 else { continue }
            if start < index { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
            start = index + 1
        }
        if start < bytes.count { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
        return words
    }

    /// Printable ASCII other than what quotes, escapes or starts a comment, or a space.
    private static func isPlainWordByteOrSpace(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "\"")
            && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "#")
    }

    private struct Split {
        var words: [String] = []
        var current = ""
        var hasCurrent = false
        var inQuote = false
        var danglingEscape = false
    }

    private enum Mode {
        case plain, single, double
    }

    private static func split(_ line: String) -> Split {
        var result = Split()
        var mode = Mode.plain
        var escaping = false
        func finishWord() {
            if result.hasCurrent { result.words.append(result.current) }
            result.current = ""
            result.hasCurrent = false
        }
        for character in line {
            if escaping {
                escaping = false
                result.current.append(character)
                result.hasCurrent = true
                continue
            }
            switch mode {
            case .plain:
                switch character {
                case " ", "\t", "\n", "\r":
                    finishWord()
                case "\\":
                    escaping = true
                    result.hasCurrent = true
                case "'":
                    mode = .single
                    result.hasCurrent = true
                case "\"":
                    mode = .double
                    result.hasCurrent = true
                case "#" where !result.hasCurrent:
                    // A comment: the rest of the line is ignored.
                    result.inQuote = false
                    finishWord()
                    return result
                default:
                    result.current.append(character)
                    result.hasCurrent = true
                }
            case .single:
                if character == "'" { mode = .plain } else { result.current.append(character) }
            case .double:
                switch character {
                case "\"": mode = .plain
                case "\\": escaping = true
                default: result.current.append(character)
                }
            }
        }
        result.inQuote = mode != .plain
        result.danglingEscape = escaping
        return result
    }
}
