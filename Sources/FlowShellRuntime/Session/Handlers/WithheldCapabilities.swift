import FlowShellKit

/// Tells a session composed without some capabilities what it lacks, in the user's words,
/// when a line would use one: `shell: this session has no programs of the server's machine`,
/// for its commands (typed, asked about with `help`, or reached through an alias) and its
/// operators (`>`, `|`). A server composes its sessions with it, handing it the capabilities
/// the program links but does not give them: the person at the other end may not be the person
/// at this machine. Without it, such a line is unknown, as any command never declared.
public struct WithheldCapabilities: LineHandler {
    private let capabilities: [SessionCapability]

    /// Withholds `capabilities`.
    public init(_ capabilities: [SessionCapability]) {
        self.capabilities = capabilities
    }

    public func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        if let refusal = refusal(of: line, offered: context.offered) {
            context.fail(refusal)
            return .next
        }
        return await next(line)
    }

    /// What `line` is told, when it would use a withheld capability.
    func refusal(of line: String, offered: OfferedCommands) -> String? {
        var commandText = line
        if OutputRedirection.mayRedirect(line), let (command, redirection) = try? OutputRedirection.split(line), let redirection {
            if let capability = capabilities.first(where: { $0.operators.contains(redirection.kind) }) {
                let symbol = redirection.kind.rawValue
                return
                    "\(capability.lacking), so no redirection: '\(symbol)' \(redirection.kind.purpose) — quote it ('\(symbol)') to type the character itself"
            }
            commandText = command
        }
        guard var words = try? CommandLineTokenizer.words(of: commandText), let first = words.first else { return nil }
        // Through an alias, the command it stands for.
        if offered.command(named: first) == nil || offered.aliases[first] != nil, let aliased = offered.aliases[first],
            let expanded = try? CommandLineTokenizer.words(of: aliased), !expanded.isEmpty
        {
            words = expanded + words.dropFirst()
        }
        // `help NAME`, `NAME --help` and `? NAME` ask about the command too.
        let named = (words.first == "help" || words.first == "?") && words.count == 2 ? words[1] : words[0]
        guard offered.command(named: named) == nil,
            let capability = capabilities.first(where: { $0.commandNames.contains(named) })
        else { return nil }
        return "\(named): \(capability.lacking)"
    }
}
