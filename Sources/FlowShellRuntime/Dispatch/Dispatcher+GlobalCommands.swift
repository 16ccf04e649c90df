import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation

/// What the global commands do: `help`, navigation, `where`, `show`, `history`, aliases,
/// settings, `run FILE` and `quit`, each declared in ``GlobalCommand`` with its handler, which
/// calls these.
extension Dispatcher {
    /// `back`.
    func goBack() async {
        await supervised { await self.flow.back() }
    }

    /// `home`: nothing to do at the first screen, which is said.
    func goHome() async {
        guard flow.stack.count > 1 else {
            output.notice(Notice(.muted, "already at the first screen"))
            return
        }
        await supervised { await self.flow.home() }
    }

    /// `open LINK`.
    func open(_ link: String) async {
        await supervised { await self.flow.open(link) }
    }

    /// `where`.
    func showStack() {
        output.stack(topView.stack)
    }

    /// `show`.
    func showScreenAgain() {
        topView.show()
    }

    /// `shell COMMAND`: the line runs in the user's shell, on the terminal; a status other than
    /// 0 fails the line (and so stops a script).
    func runInSystemShell(_ line: String) async {
        guard !line.isEmpty else {
            fail("missing COMMAND — usage: \(GlobalCommand.shell.description.usage)")
            return
        }
        // What the shell holds back for a pipe goes out first: the command writes after it.
        output.flush()
        do {
            let status = try await SystemShell.run(line, input: nil, sharesInput: interactive, environment: ProcessInfo.processInfo.environment)
            if status != 0 { fail("'\(line)' ended with status \(status)") }
        } catch {
            fail(UserFacingError.message(for: error))
        }
    }

    /// `unknown command 'selct' here — did you mean 'select'?`, among this screen's commands,
    /// the global ones and the aliases; `'book' is a command of Car details, not of Cars`.
    func unknownCommand(_ name: String) -> String {
        // A command of another screen: say which, rather than guess a neighbour here.
        if let screens = FlowCommands(manifest: flow.manifest, catalog: flow.catalog).screenList(of: name) {
            return "'\(name)' is a command of \(screens), not of \(topProperties?.title ?? "this screen")"
        }
        let candidates = (topProperties?.commands.map(\.name) ?? []) + GlobalCommand.all.map(\.name) + aliases.lines.keys.sorted()
        let hint = EditDistance.closest(to: name, among: candidates).map { "did you mean '\($0)'?" } ?? "try help"
        return "unknown command '\(name)' here — \(hint)"
    }

    /// `quit [STATUS]`; inside a modal layer, with confirm-quit on, the first one only asks.
    func quit(_ statusText: String?) -> Step {
        var status: Int32?
        if let statusText {
            guard let value = Int32(statusText), (0...255).contains(value) else {
                fail("STATUS must be a whole number from 0 to 255, not '\(statusText)'")
                return .next
            }
            status = value
        }
        if settings.confirmsQuit, interactive, !quitAsked, let modal = flow.stack.last(where: { $0.presentation == .presented }) {
            quitAsked = true
            output.notice(Notice(.warning, "\(modal.screen.title) is still open — type quit again to leave (set confirm-quit off to skip this)"))
            return .next
        }
        return .quit(status)
    }

    func showHistory(last countText: String?) {
        var lines = history.last()
        if let countText {
            guard let count = Int(countText), count > 0 else {
                fail("N must be a whole number above 0, not '\(countText)'")
                return
            }
            lines = history.last(count)
        }
        let width = String(history.nextNumber - 1).count
        let text = lines.map { String(repeating: " ", count: width - String($0.number).count) + "\($0.number)  \($0.line)" }
        output.text(text)
    }

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
        guard GlobalCommand.named(name) == nil else {
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

    func changeSetting(_ words: [String]) {
        guard let name = words.first else {
            let lines = ShellSettings.all.map { "\($0.name) = \(settings[$0.name])  — \($0.summary)" }
            output.text(lines)
            return
        }
        guard words.count > 1 else {
            do {
                _ = try ShellSettings.check(name, settings[name].isEmpty ? "-" : settings[name])
                output.text(["\(name) = \(settings[name])"])
            } catch {
                fail(UserFacingError.message(for: error))
            }
            return
        }
        do {
            try settings.set(name, to: words[1], in: runtime.shellStore)
            output.apply(settings)
            output.notice(Notice(.success, "\(name) = \(settings[name])"))
        } catch {
            fail(UserFacingError.message(for: error))
        }
    }

    /// `run FILE`: each line as if typed, its messages naming `FILE:N`; the first failed line
    /// stops the file unless `--keep-going`.
    /// `shownAs` names the file in messages (`~/.config/…`), else `path` does.
    func runScript(_ path: String, keepGoing: Bool, shownAs name: String? = nil) async -> Step {
        let name = name ?? path
        guard scriptDepth < 8 else {
            fail("run: scripts nest more than 8 deep (does \(name) run itself?)")
            return .next
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            fail("cannot read the script \(name): \(SystemError.describe(error))")
            return .next
        }
        scriptDepth += 1
        defer { scriptDepth -= 1 }
        let outerPrefix = linePrefix
        defer { linePrefix = outerPrefix }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            linePrefix = (outerPrefix ?? "") + "\(name):\(index + 1): "
            let before = failures
            let step = await run(line)
            if case .quit = step { return step }
            // Ctrl-C stops the file, whether it came while a command waited or between lines
            // (the yield lets the terminal's handler of it run).
            await Task.yield()
            if interrupted {
                linePrefix = outerPrefix
                show(Notice(.warning, "\(path) stopped at line \(index + 1): interrupted"))
                return .next
            }
            if !keepGoing, failures > before {
                linePrefix = outerPrefix
                show(Notice(.warning, "\(name) stopped at line \(index + 1)"))
                return .next
            }
        }
        return .next
    }

    func showHelp(for name: String?) {
        let screen = topProperties
        guard let name else {
            output.help(HelpListing(
                screenTitle: screen?.title ?? "",
                screenCommands: (screen?.commands ?? []).map(CommandUsage.init),
                globalCommands: GlobalCommand.descriptions.map(CommandUsage.init)))
            return
        }
        if let command = command(named: name) {
            output.usage(CommandUsage(command))
        } else {
            fail(unknownCommand(name).replacingOccurrences(of: "unknown command", with: "no command"))
        }
    }
}
