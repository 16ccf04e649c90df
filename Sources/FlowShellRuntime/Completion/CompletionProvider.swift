import FlowShellKit

/// Answers Tab, without regard to case: command names (this screen's, those the config adds,
/// the session's global ones and the aliases) for the first word, listed with what they do; the declared
/// values of the argument being typed after that, listed with what each is when the
/// declaration says, and files for a path; command names after `help`; a setting's values after
/// `set NAME`; and after `open`, link patterns, then a parameter's values (from the open
/// screens' arguments of that name). An alias completes as the command it stands for.
package enum CompletionProvider {
    /// - Parameters:
    ///   - commands: the commands offered: the screen's, then the session's global ones.
    ///   - links: the flow's link patterns (`/cars/:carID`).
    ///   - aliases: what each alias stands for, by name.
    ///   - values: the values known for a link parameter (`carID`).
    ///   - files: the names in a folder (folders ending in `/`), for a path.
    ///   - settingValues: the values each setting takes, by name, after `set NAME`.
    package static func complete(
        _ textBeforeCursor: String, commands: [CommandDescription], links: [String] = [], aliases: [String: String] = [:],
        values: (String) -> [(value: String, description: String?)] = { _ in [] },
        files: (String) -> [String] = { _ in [] },
        settingValues: [String: [String]] = Dictionary(ShellSettings.builtIn.map { ($0.name, $0.values) }, uniquingKeysWith: { a, _ in a })
    ) -> Completion {
        var partial = CommandLineTokenizer.partial(textBeforeCursor)
        // What is listed or inserted is text like any other (a plugin's included): control
        // characters cannot reach the terminal through the list or the line.
        var summaries: [String: String] = [:]
        for command in commands {
            let name = TextSanitizer.clean(command.name)
            if summaries[name] == nil { summaries[name] = TextSanitizer.clean(command.summary) }
        }
        for (name, line) in aliases where summaries[name] == nil { summaries[name] = TextSanitizer.clean("alias for \(line)") }
        let commandNames = commands.map { TextSanitizer.clean($0.name) } + aliases.keys.sorted()
        if let first = partial.words.first, commands.first(where: { $0.name == first }) == nil,
            let line = aliases[first], let expansion = try? CommandLineTokenizer.words(of: line)
        {
            // The words after an alias complete as they would after the command it stands for
            // — in the place of its first `{N}`, when it takes its words so.
            let fixed =
                ShellAliases.placeholders(in: line).isEmpty
                ? expansion
                : Array(expansion.prefix { ShellAliases.placeholders(in: $0).isEmpty })
            partial.words = fixed + partial.words.dropFirst()
        }
        var completion: Completion
        if let last = partial.words.last, last == ">" || last == ">>" {
            completion = completePath(partial.current, files: files)
        } else if partial.words.isEmpty {
            completion = .completing(partial.current, among: commandNames, descriptions: summaries)
        } else if partial.words[0] == CoreCommands.help.name {
            completion = partial.words.count == 1 ? .completing(partial.current, among: commandNames, descriptions: summaries) : .none
        } else if partial.words[0] == CoreCommands.open.name {
            completion = partial.words.count == 1 ? completeLink(partial.current, links: links, values: values) : .none
        } else if partial.words[0] == CoreCommands.set.name, partial.words.count == 2 {
            completion = .completing(partial.current, among: settingValues[partial.words[1]] ?? [])
        } else if let command = commands.first(where: { $0.name == partial.words[0] }) {
            let index = partial.words.count - 1
            let positionals = command.positionals
            if index < positionals.count, positionals[index].isPath {
                completion = completePath(partial.current, files: files)
            } else if index < positionals.count {
                completion = .completing(
                    partial.current, among: positionals[index].values.map { TextSanitizer.clean($0) },
                    descriptions: Dictionary(
                        positionals[index].descriptions.map { (TextSanitizer.clean($0.key), TextSanitizer.clean($0.value)) },
                        uniquingKeysWith: { first, _ in first }))
            } else {
                completion = .none
            }
        } else {
            completion = .none
        }
        if completion.deleting > 0, !partial.inQuote {
            // The typed word is retyped in the candidate's case: as many characters as were typed.
            completion.deleting = CommandLineTokenizer.escape(partial.current).count
        }
        if !partial.inQuote {
            // What is inserted must split back into the candidate: escape spaces and quotes.
            completion.insert =
                completion.insert.hasSuffix(" ")
                ? CommandLineTokenizer.escape(String(completion.insert.dropLast())) + " "
                : CommandLineTokenizer.escape(completion.insert)
        }
        return completion
    }

    /// A path: the names in the folder typed so far that begin with the rest; a folder gets a
    /// `/` and no space, so that Tab goes on into it.
    private static func completePath(_ typed: String, files: (String) -> [String]) -> Completion {
        let folder = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
        // Hidden files only when the name typed so far starts with a dot, as in other shells.
        let showsHidden = typed.dropFirst(folder.count).hasPrefix(".")
        let candidates = files(folder).filter { showsHidden || !$0.hasPrefix(".") }.map { folder + $0 }
        var completion = Completion.completing(typed, among: candidates, spaceAfter: false)
        let result = typed + completion.insert
        if completion.candidates.isEmpty, !result.hasSuffix("/"), candidates.contains(result) {
            completion.insert += " "
        }
        // The list shows names, not the folder again before each.
        completion.candidates = completion.candidates.map { String($0.dropFirst(folder.count)) }
        return completion
    }

    /// A link: its patterns' fixed part first (`/cars/`, never followed by a space, since the
    /// parameter follows), then the values its parameter takes (`/cars/rio`), listed with what
    /// each is when that is known (`Kia Rio`), as a command's argument is.
    private static func completeLink(
        _ typed: String, links: [String], values: (String) -> [(value: String, description: String?)]
    ) -> Completion {
        var candidates: [String] = []
        var descriptions: [String: String] = [:]
        for pattern in links {
            let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            var prefix = ""
            var expanded: [(text: String, description: String?)] = [("", nil)]
            for segment in segments {
                if segment.hasPrefix(":") {
                    // Only the parameter the typed text has reached is expanded.
                    guard typed.lowercased().hasPrefix((prefix + "/").lowercased()) else {
                        expanded = expanded.map { ($0.text + "/", $0.description) }
                        break
                    }
                    let known = values(String(segment.dropFirst()))
                    expanded =
                        known.isEmpty
                        ? expanded.map { ($0.text + "/", $0.description) }
                        : expanded.flatMap { base in
                            known.map { (base.text + "/" + $0.value, $0.description.map { TextSanitizer.clean($0) } ?? base.description) }
                        }
                    if known.isEmpty { break }
                } else {
                    expanded = expanded.map { ($0.text + "/" + segment, $0.description) }
                }
                prefix = expanded.first?.text ?? prefix
            }
            candidates += expanded.map(\.text)
            for candidate in expanded {
                if let description = candidate.description, descriptions[candidate.text] == nil {
                    descriptions[candidate.text] = description
                }
            }
        }
        let whole = Set(candidates.filter { !$0.hasSuffix("/") })
        var completion = Completion.completing(typed, among: candidates, descriptions: descriptions, spaceAfter: false)
        // A finished link gets its space; a partial path does not.
        let result = (typed + completion.insert).lowercased()
        if completion.candidates.isEmpty, whole.contains(where: { $0.lowercased() == result }),
            !candidates.contains(where: { $0.lowercased().hasPrefix(result) && $0.lowercased() != result })
        {
            completion.insert += " "
        }
        return completion
    }
}
