import ArgumentParser
import Foundation

/// The command line as ArgumentParser describes it with `--experimental-dump-help` (the JSON
/// its own manual and completion tools read): what the manual page lists, so that the page
/// names exactly the commands and options the parser takes. Only the fields the page uses are
/// read.
struct DumpedCommandLine: Decodable {
    /// A command and its subcommands.
    struct Command: Decodable {
        let commandName: String
        let abstract: String?
        let discussion: String?
        let shouldDisplay: Bool?
        let arguments: [Argument]?
        let subcommands: [Command]?
    }

    /// An option, a flag or a positional argument.
    struct Argument: Decodable {
        struct Name: Decodable {
            let kind: String
            let name: String
        }

        let kind: String
        let names: [Name]?
        let valueName: String?
        let abstract: String?
        let isOptional: Bool?
        let shouldDisplay: Bool?
        let defaultValue: String?

        /// `--config` (or `-h`), as typed; nil for a positional argument.
        var flag: String? {
            guard let names, let name = names.first(where: { $0.kind == "long" }) ?? names.first else { return nil }
            return (name.kind == "long" ? "--" : "-") + name.name
        }
    }

    let command: Command

    /// The command line of `root`, as its parser describes it.
    static func of<Root: ParsableCommand>(_ root: Root.Type) throws -> DumpedCommandLine {
        // The dump is what the parser answers a request for it with: read it as a message.
        let text: String
        do {
            _ = try root.parseAsRoot(["--experimental-dump-help"])
            text = ""
        } catch {
            text = root.message(for: error)
        }
        return try JSONDecoder().decode(DumpedCommandLine.self, from: Data(text.utf8))
    }
}
