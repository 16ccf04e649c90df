#if canImport(FlowShellWeb) && canImport(FlowShellSSH)
import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import FlowShellTerminal
@testable import FlowShellSSH
@testable import FlowShellWeb
import Foundation
import Testing

/// The guards a server composes its sessions with hold alike in a browser tab and an SSH login:
/// one table of lines, each with what the person is shown and what of this machine they are not.
@MainActor
@Suite struct ServerGuardsTests {
    /// A line, the text its answer shows, and the text it must not show.
    struct Case: Sendable {
        let line: String
        let shows: String
        let hides: String
    }

    /// `/srv` stands for a folder of this machine's root, whatever the machine running the test has.
    nonisolated static let guards = ServerGuards(withholding: .terminal, redaction: PathRedaction(rootFolders: ["srv"]))

    nonisolated static let cases = [
        // A path in an error message: the link as typed, shortened to its last name.
        Case(line: "open /srv/app/data/secret", shows: "no link matches 'secret'", hides: "/srv/app"),
        // A path in a command's own output.
        Case(line: "alias cfg /srv/app/config.json", shows: "cfg now stands for 'config.json'", hides: "/srv/app"),
        // What a capability withheld would reach.
        Case(line: "shell cat /srv/app/config.json", shows: "shell: this session has no programs of the server's machine", hides: "/srv"),
        Case(line: "count > /srv/app/out", shows: "this session has no files of the server's machine, so no redirection", hides: "/srv"),
        // A line past the bound, refused before anything reads it.
        Case(line: "count " + String(repeating: "x", count: 4200), shows: "the line is longer than 4096 bytes", hides: "count 1"),
    ]

    @Test(arguments: cases) func aBrowserTabIsHeldToTheGuards(_ check: Case) async throws {
        let runtime = try await FlowRuntime.start(config: GlobalCommandTests.config, modules: [GlobalCommandTests.module])
        let page = GlobalCommandTests.PageMessages()
        let session = WebSession(
            tab: WebSessions.newTabID(), runtime: runtime,
            handlers: Self.guards.lineHandlers(for: ServedSession(frontEnd: "browser", id: "tab"))
        ) { page.append($0) }
        await session.start(title: "Demo", resuming: nil, opening: nil, notices: [])
        _ = page.take()
        await BrowserTab(session, page: page).run([check.line])
        // What the socket writes passes the server's redaction, as each message to a tab does.
        let sent = page.takeData().map { String(decoding: Self.guards.redaction.redacted($0), as: UTF8.self) }.joined(separator: "\n")
        #expect(sent.contains(check.shows), "\(check.line.prefix(40)): \(sent)")
        #expect(!sent.contains(check.hides), "\(check.line.prefix(40)): \(sent)")
    }

    @Test(arguments: cases) func anSSHLoginIsHeldToTheGuards(_ check: Case) async throws {
        let runtime = try await FlowRuntime.start(config: GlobalCommandTests.config, modules: [GlobalCommandTests.module])
        let session = try SSHSessionOnTerminal(runtime: runtime, guards: Self.guards)
        try await session.expect("Home › ")
        session.type(check.line + "\r")
        let answer = try await session.expect("Home › ")
        // The line editor echoes what was typed: the answer is what follows the line.
        let shown = answer.components(separatedBy: "\n").dropFirst().joined(separator: "\n")
        #expect(shown.contains(check.shows) || check.line.utf8.count > LineLengthBound.longestLine, "\(check.line.prefix(40)): \(answer)")
        #expect(!shown.contains(check.hides), "\(check.line.prefix(40)): \(answer)")
        #expect(await session.quit() == 0)
    }
}
#endif
