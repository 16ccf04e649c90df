import FlowShellKit

/// `alias NAME COMMAND…`: words that stand for a command line, kept per app. The first word of
/// a line that names an alias is replaced by what it stands for, whose `{1}`, `{2}`… take the
/// words typed after it (cmd2's macros).
package struct ShellAliases: Sendable {
    /// What each alias stands for, by name.
    package private(set) var lines: [String: String] = [:]

    /// The aliases kept in `store`.
    @MainActor
    init(store: any KeyValueStore) {
        for entry in (store.value(for: "aliases") ?? "").split(separator: "\n") {
            let parts = entry.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { lines[String(parts[0])] = String(parts[1]) }
        }
    }

    /// Defines (or with nil, removes) `name`, kept in `store`.
    @MainActor
    mutating func set(_ name: String, to line: String?, in store: any KeyValueStore) throws {
        lines[name] = line
        let text = lines.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n")
        try store.setValue(text.isEmpty ? nil : text, for: "aliases")
    }

    /// A line whose first word was an alias, expanded.
    struct Expansion {
        /// The words the line stands for.
        let words: [String]
        /// The text after the command's name, as a command that takes its line as typed
        /// (`shell`) reads it: the alias's, then what was typed after the alias.
        let text: String
    }

    /// The line `words`, typed as `typedText` after its first word, with that word expanded
    /// when it is an alias: `{1}`, `{2}`… in what it stands for take the typed words in turn
    /// (as cmd2's macros do; `{{1}}` is a `{1}` kept as it is), and the words no `{N}` takes
    /// follow it. Nil when the first word is no alias; throws when words are missing.
    func expand(_ words: [String], typedText: String) throws -> Expansion? {
        guard let first = words.first, let line = lines[first] else { return nil }
        let expanded: [String]
        do {
            expanded = try CommandLineTokenizer.words(of: line)
        } catch {
            throw UserFacingError("cannot read the alias \(first) ('\(line)'): \(error.message)")
        }
        let arguments = Array(words.dropFirst())
        let wanted = Self.placeholders(in: line)
        guard let highest = wanted.max() else {
            let aliasText = Session.textAfterFirstWord(of: line)
            let text = aliasText.isEmpty ? typedText : typedText.isEmpty ? aliasText : aliasText + " " + typedText
            return Expansion(words: expanded + arguments, text: text)
        }
        guard arguments.count >= highest else {
            let missing = (arguments.count + 1...highest).filter(wanted.contains).map { "{\($0)}" }.joined(separator: " ")
            throw UserFacingError(
                "\(first) stands for '\(line)', which needs \(highest) argument\(highest == 1 ? "" : "s"); \(missing) \(missing.contains(" ") ? "are" : "is") missing"
            )
        }
        let rest = arguments.dropFirst(highest)
        let filled = expanded.map { Self.fill($0, with: arguments) } + rest
        let aliasText = Self.fill(Session.textAfterFirstWord(of: line), with: arguments.map(CommandLineTokenizer.escape))
        let text = ([aliasText] + rest.map(CommandLineTokenizer.escape)).filter { !$0.isEmpty }.joined(separator: " ")
        return Expansion(words: filled, text: text)
    }

    /// The numbers of the `{N}` in `line` (not of `{{N}}`).
    static func placeholders(in line: String) -> Set<Int> {
        var found = Set<Int>()
        forEachPlaceholder(in: line) { number, _ in found.insert(number) }
        return found
    }

    /// `text` with each `{N}` replaced by `arguments[N - 1]`, and each `{{N}}` by `{N}`.
    private static func fill(_ text: String, with arguments: [String]) -> String {
        var result = ""
        var last = text.startIndex
        forEachPlaceholder(in: text) { number, range in
            result += text[last..<range.lowerBound]
            result += number > 0 ? arguments[number - 1] : String(text[range].dropFirst().dropLast())
            last = range.upperBound
        }
        return result + text[last...]
    }

    /// Calls `body` with each `{N}` in `text` and its range; a `{{N}}` is reported with 0, to be
    /// kept as `{N}`.
    private static func forEachPlaceholder(in text: String, _ body: (Int, Range<String.Index>) -> Void) {
        for match in text.matches(of: /\{\{[0-9]+\}\}|\{([0-9]+)\}/) {
            if let digits = match.output.1 {
                guard let number = Int(digits), number > 0 else { continue }
                body(number, match.range)
            } else {
                body(0, match.range)
            }
        }
    }
}
