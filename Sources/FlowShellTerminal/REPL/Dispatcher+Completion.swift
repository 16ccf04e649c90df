import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation
import LineEditor

// Completion is the terminal's: Tab asks the dispatcher what the top screen, the config, the
// global commands and the aliases offer.
extension Dispatcher {
    /// What Tab offers for the text before the cursor.
    public func complete(_ textBeforeCursor: String) -> Completion {
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
        }, files: Self.names(in:))
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
