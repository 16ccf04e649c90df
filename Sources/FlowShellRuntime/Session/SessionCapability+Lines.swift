import FlowShellKit

extension SessionCapability {
    /// Whether running `line` would use this capability: its command is one the capability adds
    /// (`shell`, `run`), directly or in an alias the line defines; it gives an option the
    /// capability adds to a core command (`history -o FILE`); or it sends its output where the
    /// capability takes it (`> FILE`, `| COMMAND`). What replays a recording reads this to name
    /// the lines that reach beyond the session before anything runs.
    package func isUsed(by line: String) -> Bool {
        var command = line
        if OutputRedirection.mayRedirect(line), let (before, redirection) = try? OutputRedirection.split(line), let redirection {
            if operators.contains(redirection.kind) { return true }
            command = before
        }
        guard let words = try? CommandLineTokenizer.words(of: command), let first = words.first else { return false }
        if commandNames.contains(first) { return true }
        // `alias NAME LINE`: the line it will stand for.
        if first == CoreCommands.alias.name, words.count >= 3 {
            return isUsed(by: Session.textAfterFirstWord(of: Session.textAfterFirstWord(of: command)))
        }
        return options.contains { option in
            option.command == first
                && words.dropFirst().contains { word in
                    option.arguments.contains { argument in
                        word == "--\(argument.name)" || word.hasPrefix("--\(argument.name)=")
                            || argument.shortName.map { word.hasPrefix("-\($0)") } == true
                    }
                }
        }
    }
}
