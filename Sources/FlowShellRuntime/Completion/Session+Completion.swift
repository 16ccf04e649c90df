import FlowShellKit

// Completion, one for every front end: Tab at a terminal and at a page asks the session what
// the session offers now — the top screen's commands, the config's, the session's global ones
// and the aliases — and, for a path, the files a capability reaches (none without one).
extension Session {
    /// What Tab offers for the text before the cursor.
    public func complete(_ textBeforeCursor: String) -> Completion {
        let offered = self.offered
        return CompletionProvider.complete(
            textBeforeCursor, commands: offered.listed, links: flow.manifest.links.map(\.pattern),
            aliases: offered.aliases, values: describedLinkValues(for:), files: listFolder ?? { _ in [] },
            settingValues: offered.settingValues)
    }

    /// The values Tab offers for a link parameter after `open`: what its module suggests
    /// (``refreshLinkParameterValues()``), then the values of an open screen's argument of that
    /// name (`carID` ~ `CAR-ID`).
    package func linkValues(for parameter: String) -> [String] {
        describedLinkValues(for: parameter).map(\.value)
    }

    /// ``linkValues(for:)``, each with what it is where an open screen's argument says so
    /// (`rio`: `Kia Rio`), as Tab lists a command's values.
    func describedLinkValues(for parameter: String) -> [(value: String, description: String?)] {
        let wanted = Self.normalised(parameter)
        var values = linkParameterValues[parameter] ?? []
        var descriptions: [String: String] = [:]
        for open in flow.stack {
            for command in open.screen.viewProperties.commands {
                for argument in command.arguments where Self.normalised(argument.name) == wanted {
                    values += argument.values.filter { !values.contains($0) }
                    descriptions.merge(argument.descriptions) { first, _ in first }
                }
            }
        }
        return values.map { ($0, descriptions[$0]) }
    }

    private static func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Asks the modules that offer them for the values of their link parameters (every car's
    /// plate), which Tab offers after `open`: the session's loop asks them before it answers each
    /// Tab, in every front end. A module that fails offers none.
    public func refreshLinkParameterValues() async {
        var values: [String: [String]] = [:]
        for (parameter, resolver) in flow.resolvers {
            guard let suggest = resolver.suggest else { continue }
            values[parameter] = (try? await suggest(flow.services)) ?? []
        }
        linkParameterValues = values
    }
}
