import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import LineEditor

// Completion is the terminal's: Tab asks the dispatcher what the top screen, the config, the
// global commands and the aliases offer.
extension Dispatcher {
    /// What Tab offers for the text before the cursor.
    public func complete(_ textBeforeCursor: String) -> Completion {
        let stack = flow.stack
        return CompletionProvider.complete(textBeforeCursor, screen: topProperties, links: flow.manifest.links.map(\.pattern),
                                           aliases: aliases.lines.keys.sorted()) { parameter in
            // A link parameter takes the values of an open screen's argument of that name
            // (`carID` ~ `CAR-ID`).
            let wanted = Self.normalised(parameter)
            var values: [String] = []
            for open in stack {
                for command in open.screen.viewProperties.commands {
                    for argument in command.arguments where Self.normalised(argument.name) == wanted {
                        values += argument.values.filter { !values.contains($0) }
                    }
                }
            }
            return values
        }
    }

    private static func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
