import FlowManifest
import FlowCoordinator
import FlowShellKit

/// `alias NAME COMMAND…` and `unalias NAME`: words that stand for a command line, kept per app.
extension Session {
    func defineAlias(_ text: String) {
        let name: String?
        do {
            name = try CommandLineTokenizer.words(of: text).first
        } catch {
            fail("cannot read that alias: \(error.message)")
            return
        }
        let line = Self.textAfterFirstWord(of: text)
        guard let name else {
            let list = aliases.lines.sorted { $0.key < $1.key }.map { "alias \($0.key) \($0.value)" }
            if list.isEmpty { output.notice(Notice(.muted, "no aliases — alias NAME COMMAND… makes one")) } else { output.text(list) }
            return
        }
        guard !line.isEmpty else {
            if let line = aliases.lines[name] { output.text(["alias \(name) \(line)"]) } else { fail("no alias '\(name)'") }
            return
        }
        if case .global = offered.command(named: name) {
            fail("'\(name)' cannot be an alias: it is a global command")
            return
        }
        guard CommandLineTokenizer.escape(name) == name, !name.hasPrefix("!") else {
            fail("'\(name)' cannot be an alias: it is not a plain word")
            return
        }
        // An alias would hide the command on the screens that have it.
        if let screens = FlowCommands(manifest: flow.manifest, catalog: flow.catalog).screenList(of: name) {
            fail("'\(name)' cannot be an alias: it is a command of \(screens)")
            return
        }
        guard (try? CommandLineTokenizer.words(of: line))?.first != name else {
            fail("'\(name)' cannot be an alias for itself")
            return
        }
        do {
            try aliases.set(name, to: line, in: runtime.shellStore)
            output.notice(Notice(.success, "\(name) now stands for '\(line)'"))
        } catch {
            fail("cannot keep the alias: \(UserFacingError.message(for: error))")
        }
    }

    func removeAlias(_ name: String) {
        guard aliases.lines[name] != nil else {
            fail("no alias '\(name)'")
            return
        }
        try? aliases.set(name, to: nil, in: runtime.shellStore)
        output.notice(Notice(.success, "alias \(name) removed"))
    }
}
