import FlowShellKit

extension SessionCapability {
    /// What of a capability a line uses.
    package enum Use: Equatable {
        /// The redirection operator it claims (`> FILE`, `| COMMAND`).
        case redirection(RedirectionOperator)
        /// A command it adds (`shell`), typed, through an alias, or in an alias the line defines.
        case command(String)
        /// A command it adds, asked about (`help shell`, `? shell`): nothing of it runs.
        case asked(String)
        /// An option it adds to a core command (`history -o FILE`).
        case option
    }

    /// What of this capability running `line` would use, if anything: the operator its output
    /// goes through; a command it adds — typed, reached through one of `aliases` (the session's),
    /// asked about, or named by the alias the line defines (`alias l shell ls`) when
    /// `countingDefinitions`; an option it adds to a core command. What replays a recording reads
    /// this to name the lines that reach beyond the session before anything runs, and a server's
    /// ``WithheldCapabilities`` to tell its session what it lacks.
    package func use(by line: String, aliases: [String: String] = [:], countingDefinitions: Bool = true) -> Use? {
        var command = line
        if OutputRedirection.mayRedirect(line), let (before, redirection) = try? OutputRedirection.split(line), let redirection {
            if operators.contains(redirection.kind) { return .redirection(redirection.kind) }
            command = before
        }
        guard var words = try? CommandLineTokenizer.words(of: command), let first = words.first else { return nil }
        // Through an alias, the command it stands for.
        if let aliased = aliases[first], let expanded = try? CommandLineTokenizer.words(of: aliased), !expanded.isEmpty {
            words = expanded + words.dropFirst()
        }
        if commandNames.contains(words[0]) { return .command(words[0]) }
        // `help NAME` and `? NAME` ask about the command.
        if words[0] == "help" || words[0] == "?", words.count == 2, commandNames.contains(words[1]) { return .asked(words[1]) }
        // `alias NAME LINE`: the line it will stand for.
        if countingDefinitions, words[0] == CoreCommands.alias.name, words.count >= 3 {
            return use(by: Session.textAfterFirstWord(of: Session.textAfterFirstWord(of: command)))
        }
        let givesOption = options.contains { option in
            option.command == words[0]
                && words.dropFirst().contains { word in
                    option.arguments.contains { argument in
                        word == "--\(argument.name)" || word.hasPrefix("--\(argument.name)=")
                            || argument.shortName.map { word.hasPrefix("-\($0)") } == true
                    }
                }
        }
        return givesOption ? .option : nil
    }
}
