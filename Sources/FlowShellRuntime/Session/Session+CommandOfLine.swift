import FlowShellKit

extension Session {
    /// The name of the command `line` runs, as the session reads it: its first word, or, when
    /// that is an alias, the first word of what the alias makes of the line (its `{1}`… filled);
    /// nil when the line cannot be read or has no words. A front end that treats some commands
    /// apart (an agent's, which asks its person first) asks this rather than reading aliases
    /// its own way.
    package func commandName(of line: String) -> String? {
        guard let words = try? CommandLineTokenizer.words(of: line), let first = words.first else { return nil }
        guard case .alias = offered.command(named: first) else { return first }
        return (try? aliases.expand(words, typedText: Self.textAfterFirstWord(of: line)))?.words.first
    }
}
