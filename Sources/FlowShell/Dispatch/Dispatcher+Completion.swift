import FlowShellKit
import Foundation
import LineEditor

extension Dispatcher {
    /// What Tab offers for the text before the cursor.
    public func complete(_ textBeforeCursor: String) -> Completion {
        let stack = flow.stack
        return CompletionProvider.complete(textBeforeCursor, screen: topProperties, links: flow.manifest.links.map(\.pattern),
                                           aliases: aliases.lines, values: { parameter in
            // A link parameter takes the values of an open screen's argument of that name
            // (`carID` ~ `CAR-ID`).
            let wanted = Self.normalised(parameter)
            var values = self.linkParameterValues[parameter] ?? []
            for open in stack {
                for command in open.screen.viewProperties.commands {
                    for argument in command.arguments where Self.normalised(argument.name) == wanted {
                        values += argument.values.filter { !values.contains($0) }
                    }
                }
            }
            return values
        }, files: Self.names(in:))
    }

    /// Asks the modules that offer them for the values of their link parameters (every car's
    /// plate), which Tab offers after `open`; asked before the first prompt and after each line
    /// at a terminal, since completion itself cannot wait. A module that fails offers none.
    public func refreshLinkParameterValues() async {
        var values: [String: [String]] = [:]
        for (parameter, resolver) in flow.resolvers {
            guard let suggest = resolver.suggest else { continue }
            values[parameter] = (try? await suggest(flow.services)) ?? []
        }
        linkParameterValues = values
    }

    private static func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The names in `folder` as typed (empty: the current folder; `~/` the home folder), each
    /// folder's with a `/` after it; none when it cannot be read.
    private static func names(in folder: String) -> [String] {
        var path = folder.isEmpty ? "." : folder
        if path == "~/" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            path = home + path.dropFirst()
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.map { name in
            var isFolder: ObjCBool = false
            let full = (path as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && isFolder.boolValue ? name + "/" : name
        }
    }
}
