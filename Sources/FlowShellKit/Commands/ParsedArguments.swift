/// The words after a command's name, sorted by its description: positional values in order,
/// options by name, flags that were given. Parsing and its errors come from the description
/// alone, so screen commands and global commands read their words the same way.
///
/// Hand-written rather than swift-argument-parser's: that parser reflects over a type per
/// call and knows nothing of values that come from a screen's state.
public struct ParsedArguments: Sendable, Equatable {
    /// The positional values, one per declared positional that was typed (a rest argument's words joined).
    public var positionals: [String]
    /// The options' values, by name.
    public var options: [String: String]
    /// The flags given, by name.
    public var flags: Set<String>

    /// Reads `words` by `command`'s description, or explains in one line what is wrong.
    public init(_ words: [String], for command: CommandDescription) throws {
        positionals = []
        options = [:]
        flags = []
        // Most commands take positionals alone: their arguments are those, as they are.
        let declared = command.arguments.allSatisfy { $0.kind == .positional } ? command.arguments : command.positionals
        var loose: [String] = []
        var index = 0
        var onlyPositionals = false
        // Words none of which begins with `-` (most lines) are all positional, as they are.
        if !words.contains(where: { $0.utf8.first == UInt8(ascii: "-") }) {
            loose = words
            index = words.count
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if !onlyPositionals, word == "--" {
                onlyPositionals = true
                continue
            }
            // A short form (`-r`) is an option only where one is declared: elsewhere `-3` and
            // `-x` are words like any other (`filter -x`).
            // Its first byte asked first: counting a word's characters costs more than the rest.
            let looksShort =
                !onlyPositionals && word.utf8.first == UInt8(ascii: "-") && word.count == 2 && word.hasPrefix("-")
                && word.last?.isLetter == true
            let short = looksShort ? command.option(named: word) : nil
            if looksShort, short == nil, command.arguments.contains(where: { $0.shortName != nil }) {
                throw UserFacingError("no option '\(word)' — usage: \(command.usage)")
            }
            if let short {
                if short.kind == .flag {
                    flags.insert(short.name)
                } else {
                    guard index < words.count else { throw UserFacingError("\(word) needs a value — usage: \(command.usage)") }
                    options[short.name] = words[index]
                    index += 1
                }
                continue
            }
            if !onlyPositionals, word.hasPrefix("--"), word.count > 2 {
                let (name, inlineValue) = Self.split(word)
                guard let argument = command.option(named: "--\(name)") else {
                    throw UserFacingError("no option '--\(name)' — usage: \(command.usage)")
                }
                if argument.kind == .flag {
                    guard inlineValue == nil else { throw UserFacingError("--\(name) takes no value — usage: \(command.usage)") }
                    flags.insert(name)
                    continue
                }
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < words.count else {
                        throw UserFacingError("--\(name) needs a value — usage: \(command.usage)")
                    }
                    options[name] = words[index]
                    index += 1
                }
                continue
            }
            loose.append(word)
        }
        for (position, argument) in declared.enumerated() {
            if argument.takesRest {
                if position < loose.count {
                    positionals.append(loose[position...].joined(separator: " "))
                } else if !argument.isOptional {
                    // A required rest (a plugin may declare one) needs at least one word.
                    throw UserFacingError("missing \(argument.name) — usage: \(command.usage)")
                }
                loose.removeAll()
                break
            }
            guard position < loose.count else {
                if !argument.isOptional { throw UserFacingError("missing \(argument.name) — usage: \(command.usage)") }
                break
            }
            positionals.append(loose[position])
        }
        if loose.count > declared.count {
            throw UserFacingError("too many arguments — usage: \(command.usage)")
        }
        for argument in command.arguments where argument.kind == .option && !argument.isOptional && options[argument.name] == nil {
            throw UserFacingError("missing --\(argument.name) — usage: \(command.usage)")
        }
    }

    /// `--name=value` as its name and value; `--name` as its name alone.
    private static func split(_ word: String) -> (String, String?) {
        let body = word.dropFirst(2)
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}
