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

    /// What `line` is told, when it would use a withheld capability: its redirection first,
    /// then a command of it (typed, asked about, or through an alias) that the session lacks.
    func refusal(of line: String, offered: OfferedCommands) -> String? {
        let uses = capabilities.compactMap { capability in
            capability.use(by: line, aliases: offered.aliases, countingDefinitions: false).map { (capability, $0) }
        }
        for (capability, use) in uses {
            guard case .redirection(let kind) = use else { continue }
            let symbol = kind.rawValue
            return
                "\(capability.lacking), so no redirection: '\(symbol)' \(kind.purpose) — quote it ('\(symbol)') to type the character itself"
        }
        for (capability, use) in uses {
            switch use {
            case .command(let name), .asked(let name):
                if offered.command(named: name) == nil { return "\(name): \(capability.lacking)" }
            case .redirection, .option:
                continue
            }
        }
        return nil
    }
}
