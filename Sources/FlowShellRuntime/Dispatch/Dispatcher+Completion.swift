import FlowShellKit

// Completion, one for every front end: Tab at a terminal and at a page asks the dispatcher what
// the top screen, the config, the global commands and the aliases offer.
extension Dispatcher {
    /// What Tab offers for the text before the cursor. `files` lists the names in a folder (as
    /// typed, folders ending in `/`) for an argument that is a path; a front end that must not
    /// show this machine's files lists none.
    public func complete(_ textBeforeCursor: String, files: (String) -> [String] = { _ in [] }) -> Completion {
        let stack = flow.stack
        let offered = linkParameterValues
        return CompletionProvider.complete(textBeforeCursor, screen: topProperties, links: flow.manifest.links.map(\.pattern),
                                           aliases: aliases.lines, values: { parameter in
            // A link parameter takes the values of an open screen's argument of that name
            // (`carID` ~ `CAR-ID`).
            let wanted = Self.normalised(parameter)
            var values = offered[parameter] ?? []
            for open in stack {
                for command in open.screen.viewProperties.commands {
                    for argument in command.arguments where Self.normalised(argument.name) == wanted {
                        values += argument.values.filter { !values.contains($0) }
                    }
                }
            }
            return values
        }, files: files)
    }

    private static func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Asks the modules that offer them for the values of their link parameters (every car's
    /// plate), which Tab offers after `open`; asked before the first prompt and after each line
    /// at a terminal, since completion itself cannot wait at a key press, and before each Tab
    /// at a page. A module that fails offers none.
    public func refreshLinkParameterValues() async {
        var values: [String: [String]] = [:]
        for (parameter, resolver) in flow.resolvers {
            guard let suggest = resolver.suggest else { continue }
            values[parameter] = (try? await suggest(flow.services)) ?? []
        }
        linkParameterValues = values
    }
}
