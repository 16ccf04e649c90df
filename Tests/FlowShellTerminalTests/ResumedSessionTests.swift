#if canImport(FlowShellWeb)
import FlowShellKit
@testable import FlowShellRuntime
import FlowShellServing
import FlowShellTerminal
import FlowShellTestSupport
@testable import FlowShellWeb
import Foundation
import Testing

/// What a session knows is one value kept by a store: a browser tab that reloads, or comes back
/// after the server restarted, goes on with the same `history`, `alias` and `set` as before.
@MainActor
@Suite struct ResumedSessionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The sessions of a server whose tabs are kept in `folder`, as `serve` makes them.
    private func server(keepingTabsIn folder: String) async throws -> WebSessions {
        let flow = ServedFlow(
            identity: ShellIdentity(name: "demo", version: "1.0", title: "Demo", abstract: "A demo.", defaultFlow: ""),
            modules: [GlobalCommandTests.module], source: .text(GlobalCommandTests.config, name: "config.json"),
            services: ServiceContainer(), dataDirectory: { _ in nil }, plugins: { PluginLoader { _ in nil } },
            guards: ServerGuards(withholding: .terminal))
        let sessions = WebSessions(flow: flow, maximumOpen: 10, stateDirectory: { _ in folder })
        _ = try await sessions.check()
        return sessions
    }

    /// Runs `lines` in `session`, as its page sends them; returns the texts it was sent.
    private func run(_ lines: [String], in session: WebSession, page: GlobalCommandTests.PageMessages) async -> [String] {
        _ = page.take()
        for (index, line) in lines.enumerated() { session.feed.yield(.line(line, id: index + 1)) }
        session.feed.yield(.end)
        await session.run { _ in }
        return page.take().flatMap { message -> [String] in
            (message["lines"] as? [String] ?? []) + [message["message"] as? String].compactMap { $0 }
                + (message["rows"] as? [[String: Any]] ?? []).compactMap { row in
                    (row["name"] as? String).map { "\($0) = \(row["value"] as? String ?? "")" }
                }
        }
    }

    @Test(arguments: [false, true]) func aTabThatComesBackHasItsHistoryAliasesAndSettings(serverRestarted: Bool) async throws {
        var sessions = try await server(keepingTabsIn: home.path)
        let page = GlobalCommandTests.PageMessages()
        let first = try await sessions.open(Greeting(pass: .token("t"), tab: nil)) { page.append($0) }
        _ = await run(["count", "alias twice count", "set width 80", "twice"], in: first, page: page)
        await sessions.close(first)
        if serverRestarted { sessions = try await server(keepingTabsIn: home.path) }

        let again = try await sessions.open(Greeting(pass: .token("t"), tab: first.tab, resume: true)) { page.append($0) }
        #expect(again.tab == first.tab)
        let shown = await run(["history", "alias", "set width", "!1"], in: again, page: page)
        let history = shown.filter { $0.first == " " || $0.first?.isNumber == true }
        #expect(
            history.map { $0.trimmingCharacters(in: .whitespaces) }
                == ["1  count", "2  alias twice count", "3  set width 80", "4  twice", "5  history"], "\(shown)")
        #expect(shown.contains("alias twice count"), "\(shown)")
        #expect(shown.contains("width = 80"), "\(shown)")
        // `!1` runs the first line the tab typed before it came back.
        #expect(shown.contains("count"), "\(shown)")
        await sessions.close(again)
    }

    @Test func aTabThatLeftWithQuitComesBackAsANewSession() async throws {
        let sessions = try await server(keepingTabsIn: home.path)
        let page = GlobalCommandTests.PageMessages()
        let first = try await sessions.open(Greeting(pass: .token("t"), tab: nil)) { page.append($0) }
        _ = await run(["alias twice count", "quit"], in: first, page: page)
        await sessions.close(first)
        let again = try await sessions.open(Greeting(pass: .token("t"), tab: first.tab, resume: true)) { page.append($0) }
        let shown = await run(["history", "alias"], in: again, page: page)
        #expect(shown.contains { $0.contains("1  history") } && !shown.contains("alias twice count"), "\(shown)")
        await sessions.close(again)
    }
}
#endif
