import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTesting
import FlowShellTestSupport
import Foundation
import Testing
#if canImport(FlowShellWeb)
import FlowShellServing
@testable import FlowShellWeb
import Synchronization
#endif
#if canImport(FlowShellSSH)
@testable import FlowShellSSH
#endif

/// Every global command in every front end: which front end's sessions have it (each composes
/// its sessions from the core and the capabilities it adds), that a session lists exactly what
/// it has (`help`, Tab, the machine interface, the page's opening message), and that each runs
/// its own handler there — none falls through to another's (a forgotten one would once have
/// quit the shell).
@MainActor
@Suite struct GlobalCommandTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    enum FrontEnd: Hashable {
        case terminal, browser, ssh, agent, harness
    }

    /// Which front ends have each global command: the core's are every session's; what reaches
    /// this machine's files and programs, the terminal's alone.
    static let everywhere: Set<FrontEnd> = [.terminal, .browser, .ssh, .agent, .harness]
    static let frontEnds: [String: Set<FrontEnd>] = [
        "help": everywhere, "back": everywhere, "home": everywhere, "where": everywhere, "open": everywhere,
        "show": everywhere, "reload": everywhere, "history": everywhere, "alias": everywhere, "unalias": everywhere,
        "set": everywhere, "wait": everywhere, "quit": everywhere, "exit": everywhere,
        "run": [.terminal], "shell": [.terminal], "edit": [.terminal],
    ]

    /// The global commands `frontEnd` has, by the table.
    static func names(of frontEnd: FrontEnd) -> Set<String> {
        Set(frontEnds.filter { $0.value.contains(frontEnd) }.keys)
    }

    /// The names no screen may take in this program: the core's, and those of the capabilities
    /// its terminal links.
    static let reservedNames = Set(CoreCommands.names + [SessionCapability].terminal.flatMap(\.commandNames))

    static let config = #"{"app": "demo", "root": "shell.home", "modules": ["ShellDemo"]}"#
    static let module = FeatureModule(name: "ShellDemo", screens: [ShellDemoScreen.self])

    @Test func everyGlobalCommandOfEveryFrontEndIsInTheTable() {
        // A command added to the core or to a capability must be placed in the table above.
        #expect(Set(Self.frontEnds.keys) == Self.reservedNames)
        #expect(Set(Session.globals(composing: .terminal).map(\.name)) == Self.names(of: .terminal))
    }

    @Test func whatASessionWithoutACapabilityIsToldNamesTheCapabilityThatAddsIt() {
        // `shell: this session has no programs of the server's machine`: each capability says
        // what a session composed without it lacks, in its own name.
        #expect(SessionCapability.files.lacking == "this session has no files of the server's machine")
        #expect(SessionCapability.programs.lacking == "this session has no programs of the server's machine")
        #expect(Set(SessionCapability.files.operators) == [.write, .append] && SessionCapability.programs.operators == [.pipe])
    }

    /// What the terminal's capability that adds `name` is called (`programs`).
    static func capability(adding name: String) -> String {
        [SessionCapability.files, .programs].first { $0.commandNames.contains(name) }?.name ?? "?"
    }

    /// A line that runs `name` with arguments it accepts.
    func line(for name: String, script: URL) -> String {
        switch name {
        case "open": return "open /nowhere"
        case "unalias": return "unalias nothing"
        case "run": return "run \(script.path)"
        case "shell": return "shell true"
        // A range this new session lacks: the command answers without starting an editor.
        case "edit": return "edit 99"
        case "wait": return "wait 0"
        default: return name
        }
    }

    @Test func everyCommandOfATerminalSessionRunsAndOnlyQuitAndExitLeave() async throws {
        let script = home.appendingPathComponent("empty.txt")
        try Data().write(to: script)
        for name in Self.names(of: .terminal).sorted() {
            let runtime = try await FlowRuntime.start(config: Self.config, modules: [Self.module])
            let console = RecordingConsole()
            let session = Session(
                runtime: runtime, output: TextOutput(console: console, interactive: false, colour: false) { 60 },
                capabilities: .terminal)
            let step = await session.run(line(for: name, script: script))
            let leaves = name == "quit" || name == "exit"
            #expect(step == (leaves ? .quit(nil) : .next), "\(name) gave \(step)")
            #expect(!console.errors.contains("unknown command"), "\(name): \(console.errors)")
        }
    }

    let carSharing = FlowShellBinary.repository.appendingPathComponent("config.json").path

    /// A line that uses each global command at the terminal, and what it shows (nil: nothing of its own).
    let examples: [String: (line: String, shows: String?)] = [
        "help": ("help", "Global commands:"),
        "back": ("back", "already at the first screen — nothing to go back to"),
        "home": ("home", "already at the first screen"),
        "where": ("where", "1. Cars (cars.list)"),
        "open": ("open /cars/rio", "Plate:"),
        "show": ("show", "7 of 7 cars, by price"),
        "reload": ("reload", nil),
        "history": ("history", "1  history"),
        "alias": ("alias", "no aliases — alias NAME COMMAND… makes one"),
        "unalias": ("unalias cheap", "no alias 'cheap'"),
        "set": ("set", "booking-hours = 1"),
        "run": ("run missing.fs", "cannot read the script missing.fs"),
        "shell": ("shell echo the shell ran", "the shell ran"),
        "edit": ("edit 99", "no line 99 in this session's history"),
        "wait": ("wait --until Cars --timeout 5", nil),
    ]

    /// Those that leave, with the status each example asks for.
    let leaving: [String: (line: String, status: Int32)] = [
        "quit": ("quit 3", 3),
        "exit": ("exit 4", 4),
    ]

    @Test func everyCommandOfTheTerminalRunsItsOwnHandlerThroughTheBinary() throws {
        let environment = FlowShellBinary.environment(home: home)
        for name in Self.names(of: .terminal).sorted() {
            if let example = examples[name] {
                let result = try flowshell(["--config", carSharing], input: "\(example.line)\nwhere\n", environment: environment)
                let said = result.output + result.errors
                if let shows = example.shows {
                    #expect(said.contains(shows), "\(example.line) showed: \(said)")
                }
                // The session goes on after it: the `where` after it ran.
                #expect(
                    result.output.hasSuffix("(cars.list)\n") || result.output.hasSuffix("(cars.details, carID=rio)\n"),
                    "\(example.line) ended the session: \(said)")
            } else if let example = leaving[name] {
                let result = try flowshell(["--config", carSharing], input: "\(example.line)\nwhere\n", environment: environment)
                #expect(result.status == example.status)
                #expect(!result.output.contains("1. Cars (cars.list)"), "nothing runs after \(example.line)")
            } else {
                Issue.record("no example for the global command '\(name)': add one here")
            }
        }
        #expect(examples.count + leaving.count == Self.names(of: .terminal).count, "an example names a command the terminal does not have")
    }

    @Test func theTerminalListsWhatItHasInItsMachineInterface() throws {
        let result = try flowshell(["--config", carSharing, "--output", "json"], input: "help\n")
        let help = try #require(Self.messages(result.output).first { $0["type"] as? String == "help" })
        let listed = (help["globalCommands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(listed) == Self.names(of: .terminal) && listed.count == Self.names(of: .terminal).count, "help listed \(listed)")
        #expect(listed.suffix(2) == ["quit", "exit"], "the commands that leave come last: \(listed)")
    }

    @Test func aHarnessHasTheCoreAndListsNothingElse() async throws {
        let flow = try await FlowHarness(config: Self.config, modules: [Self.module], exhaustivity: .off)
        try await flow.send("help")
        let answer = try #require(flow.takeAnswers().first)
        // "help: Home: fail, slow, count, go, help, back, …": the screen's commands, then the global ones.
        let names = answer.split(separator: ":").last?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        let globals = Set(names).subtracting(["fail", "slow", "count", "go"])
        #expect(globals == Self.names(of: .harness), "the harness listed \(answer)")
        for name in Self.reservedNames.subtracting(Self.names(of: .harness)) {
            await #expect(throws: UserFacingError.self, "the harness has no \(name)") { try await flow.send("\(name) x") }
        }
    }

    /// The JSON objects of the machine interface's lines, or of a page's messages.
    static func messages(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    #if canImport(FlowShellWeb)
    /// What a session sent its page.
    final class PageMessages: Sendable {
        private let sent = Mutex<[Data]>([])

        func append(_ data: Data) {
            sent.withLock { $0.append(data) }
        }

        /// What was sent since the last call, as it was sent.
        func takeData() -> [Data] {
            sent.withLock { data in
                defer { data.removeAll() }
                return data
            }
        }

        /// What was sent since the last call, as JSON objects.
        func take() -> [[String: Any]] {
            sent.withLock { data in
                defer { data.removeAll() }
                return data.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            }
        }
    }

    /// A browser tab's session, as the server makes one, with what it sent the page.
    private func browserSession() async throws -> (BrowserTab, PageMessages) {
        let runtime = try await FlowRuntime.start(config: Self.config, modules: [Self.module])
        let page = PageMessages()
        let session = WebSession(
            tab: WebSessions.newTabID(), runtime: runtime,
            handlers: ServerGuards(withholding: .terminal).lineHandlers(for: ServedSession(frontEnd: "browser", id: "tab"))
        ) {
            page.append($0)
        }
        await session.start(title: "Demo", resuming: nil, opening: nil, notices: [])
        return (BrowserTab(session, page: page), page)
    }

    /// Runs `lines` in the tab's session, as the page sends them.
    private func run(_ lines: [String], in tab: BrowserTab) async {
        await tab.run(lines)
    }

    @Test func aBrowserSessionHasTheCoreAndOffersNothingElse() async throws {
        let (session, sent) = try await browserSession()
        let opening = try #require(sent.take().first { $0["type"] as? String == "session" })
        let offered = (opening["globalCommands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(offered) == Self.names(of: .browser), "the page was offered \(offered)")

        await run(["help"], in: session)
        let help = try #require(sent.take().first { $0["type"] as? String == "help" })
        let listed = (help["globalCommands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(listed) == Self.names(of: .browser), "help listed \(listed)")

        await session.complete("")
        let everything = try #require(sent.take().first { $0["type"] as? String == "completion" })
        let candidates = Set(everything["candidates"] as? [String] ?? [])
        #expect(candidates == Self.names(of: .browser).union(["fail", "slow", "count", "go"]), "Tab offered \(candidates.sorted())")
    }

    @Test func whatABrowserSessionLacksIsUnknownThereAndSaysWhatItLacks() async throws {
        let (session, sent) = try await browserSession()
        _ = sent.take()
        for name in Self.reservedNames.subtracting(Self.names(of: .browser)).sorted() {
            // Typed, asked for help on, or through an alias: the same words.
            await run(["\(name) x", "help \(name)", "alias lacking \(name)", "lacking x"], in: session)
            let errors = sent.take().filter { $0["type"] as? String == "error" }.compactMap { $0["message"] as? String }
            let said = "\(name): this session has no \(Self.capability(adding: name)) of the server's machine"
            #expect(errors == [said, said, said], "\(name): \(errors)")
        }
        for name in Self.names(of: .browser).sorted() where name != "quit" && name != "exit" {
            await run([line(for: name, script: URL(fileURLWithPath: "/nonexistent"))], in: session)
            let errors = sent.take().filter { $0["type"] as? String == "error" }.compactMap { $0["message"] as? String }
            #expect(!errors.contains { $0.contains("unknown command") }, "\(name): \(errors)")
        }
        // Nor does its usage of a core command name the options the terminal adds to it.
        await run(["help history"], in: session)
        let usage = sent.take().first { $0["type"] as? String == "usage" }
        let summary = usage?["summary"] as? String ?? ""
        #expect(
            summary.hasPrefix("List the lines typed") && !summary.contains("-o") && !summary.contains("-e"), "\(String(describing: usage))")
    }

    @Test func aBrowserSessionHasNoRedirectionAndRunsNothingOfALineThatAsksForIt() async throws {
        let target = home.appendingPathComponent("out.txt").path
        let (session, sent) = try await browserSession()
        for (line, symbol) in [("count > \(target)", ">"), ("count >> \(target)", ">>"), ("count | cat", "|")] {
            _ = sent.take()
            await run([line], in: session)
            let answers = sent.take()
            let errors = answers.filter { $0["type"] as? String == "error" }.compactMap { $0["message"] as? String }
            let lacking = symbol == "|" ? "programs" : "files"
            #expect(
                errors.count == 1
                    && errors[0].hasPrefix("this session has no \(lacking) of the server's machine, so no redirection: '\(symbol)' ")
                    && errors[0].hasSuffix("quote it ('\(symbol)') to type the character itself"), "\(line): \(errors)")
            #expect(!answers.contains { $0["type"] as? String == "screen" }, "\(line) ran its command: \(answers)")
        }
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was written")
        // Quoted, the operator is a character like any other.
        _ = sent.take()
        await run(["alias gt count '>'"], in: session)
        let answers = sent.take().compactMap { $0["message"] as? String }
        #expect(answers == ["gt now stands for 'count '>''"], "\(answers)")
    }
    #endif

    #if canImport(FlowShellSSH)
    /// An SSH login's session, as the server composes it, on a terminal of its own.
    private func sshSession() async throws -> SSHSessionOnTerminal {
        let runtime = try await FlowRuntime.start(config: Self.config, modules: [Self.module])
        let session = try SSHSessionOnTerminal(runtime: runtime)
        try await session.expect("Home › ")
        return session
    }

    @Test func anSSHSessionHasTheCoreAndOffersNothingElse() async throws {
        let session = try await sshSession()
        session.type("help\r")
        let help = try await session.expect("Home › ")
        // Each command's line starts two spaces in; a summary that wraps goes on further in.
        let listed = (help.components(separatedBy: "Global commands:").last ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(listed) == Self.names(of: .ssh), "help listed \(listed)")
        // Tab on an empty line lists every command the session has, one a line with what it does.
        session.type("\t")
        let offered = try await session.expect("Home › ")
        let candidates = Set(
            offered.split(separator: "\n").filter { $0.contains("  ") && !$0.contains("›") }
                .compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(candidates == Self.names(of: .ssh).union(["fail", "slow", "count", "go"]), "Tab offered \(candidates.sorted())")
        #expect(await session.quit() == 0)
    }

    @Test func whatAnSSHSessionLacksIsUnknownThereAndItHasNoRedirection() async throws {
        let target = home.appendingPathComponent("out.txt").path
        let session = try await sshSession()
        for name in Self.reservedNames.subtracting(Self.names(of: .ssh)).sorted() {
            session.type("\(name) x\r")
            let answer = try await session.expect("Home › ")
            #expect(
                answer.contains("\(name): this session has no \(Self.capability(adding: name)) of the server's machine"),
                "\(name): \(answer)")
        }
        for (line, symbol) in [("count > \(target)", ">"), ("count | cat", "|")] {
            session.type(line + "\r")
            let answer = try await session.expect("Home › ")
            #expect(answer.contains(", so no redirection: '\(symbol)'") && !answer.contains("count 1"), "\(line): \(answer)")
        }
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was written")
        #expect(await session.quit("quit 5") == 5)
    }

    @Test func anSSHSessionIsComposedWithNoCapability() async throws {
        let session = try await sshSession()
        #expect(Set(session.session.session.globalCommands.map(\.name)) == Self.names(of: .ssh))
        #expect(await session.quit() == 0)
    }
    #endif
}
