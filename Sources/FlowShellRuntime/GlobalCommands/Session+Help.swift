import FlowManifest
import FlowShellKit
import Foundation

/// `help`, `help COMMAND`, and what an unknown command is told: all from the commands the
/// session offers now.
extension Session {
    /// `help`: this screen's commands and the session's global ones; `help COMMAND`: its usage.
    func showHelp(for name: String?) {
        let offered = self.offered
        guard let name else {
            // Nothing offered changed since the listing shown last: it is shown again as it is.
            if let keptHelp, keptHelp.version == offered.version {
                output.help(keptHelp.listing)
                return
            }
            let listing = HelpListing(
                screenTitle: offered.screen?.title ?? "",
                screenCommands: (offered.screen?.commands ?? []).map(CommandUsage.init),
                globalCommands: offered.globals.map { CommandUsage($0.description) })
            keptHelp = (offered.version, listing)
            output.help(listing)
            return
        }
        if let line = offered.aliases[name] {
            // An alias: what it stands for, then the usage of the command it runs.
            output.text(["\(name) stands for '\(line)'"])
            if let first = (try? CommandLineTokenizer.words(of: line))?.first, first != name,
                let description = offered.command(named: first)?.description
            {
                output.usage(CommandUsage(description))
            }
        } else if let description = offered.command(named: name)?.description {
            output.usage(CommandUsage(description))
        } else {
            fail(unknownCommand(name).replacingOccurrences(of: "unknown command", with: "no command"))
        }
    }

    /// The command whose help a line asks for with a question mark, as in cmd2 and IPython:
    /// `?` (this screen's commands: an empty name), `? CMD`, `?CMD`, `CMD?`; nil for any other line.
    static func helpAsked(_ words: [String]) -> String?? {
        guard let first = words.first, first.contains("?") else { return nil }
        if first == "?" {
            return words.count == 1 ? .some(nil) : words.count == 2 ? words[1] : nil
        }
        guard words.count == 1 else { return nil }
        if first.hasPrefix("?") { return String(first.dropFirst()) }
        if first.hasSuffix("?") { return String(first.dropLast()) }
        return nil
    }

    /// `unknown command 'selct' here — did you mean 'select'?`, among this screen's commands,
    /// the session's global ones and the aliases; `'book' is a command of Car details, not of Cars`.
    func unknownCommand(_ name: String) -> String {
        let offered = self.offered
        // A command of another screen: say which, rather than guess a neighbour here.
        if let screens = FlowCommands(manifest: flow.manifest, catalog: flow.catalog).screenList(of: name) {
            return "'\(name)' is a command of \(screens), not of \(offered.screen?.title ?? "this screen")"
        }
        let hint = EditDistance.closest(to: name, among: offered.names).map { "did you mean '\($0)'?" } ?? "try help"
        return "unknown command '\(name)' here — \(hint)"
    }
}
