import FlowShellKit

/// Runs what an alias stands for: a line whose first word names one of the session's aliases
/// (`alias NAME COMMAND…`; a command of that name wins) goes on as what the alias stands for,
/// its `{1}`, `{2}`… taking the words typed after the name in turn. The aliases are the state it
/// keeps, which `alias`, `unalias`, what is offered and a session's kept state read through the
/// session. The last of a session's handlers: what was typed is what history recall, a server's
/// guards and redirection saw.
@MainActor
final class AliasExpansion: LineHandler {
    /// What each alias stands for.
    var aliases: ShellAliases

    init(aliases: ShellAliases) {
        self.aliases = aliases
    }

    /// A session with no alias has nothing to expand.
    func passesAtOnce(_ line: String, in context: SessionContext) -> String? {
        aliases.lines.isEmpty ? line : nil
    }

    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        let found: ShellAliases.Expansion?
        do {
            found = try expansion(of: line, offered: context.offered)
        } catch {
            context.fail(UserFacingError.message(for: error))
            return .next
        }
        guard let expansion = found else { return await next(line) }
        guard let name = expansion.words.first else { return .next }
        // A command that takes its line as typed (`shell`, `alias`) reads the alias's text as it
        // was written; any other, its words, each escaped so that the core reads it back whole.
        if case .global(let global) = context.offered.command(named: name), global.takesLineAsTyped {
            return await next(name + " " + expansion.text)
        }
        return await next(expansion.words.map { $0.isEmpty ? "''" : CommandLineTokenizer.escape($0) }.joined(separator: " "))
    }

    /// What `line` stands for when its first word is an alias here; nil when it is none (or the
    /// line cannot be read); throws when the alias needs words the line does not have.
    func expansion(of line: String, offered: OfferedCommands) throws -> ShellAliases.Expansion? {
        guard !aliases.lines.isEmpty, let words = try? CommandLineTokenizer.words(of: line), let first = words.first,
            case .alias = offered.command(named: first)
        else { return nil }
        return try aliases.expand(words, typedText: Session.textAfterFirstWord(of: line))
    }
}
