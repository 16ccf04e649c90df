#if canImport(FlowShellWeb)
import FlowShellRuntime
@testable import FlowShellWeb

/// A browser tab's session driven as its socket drives it: the page's messages fed to the
/// session's loop, which runs for as long as the tab.
@MainActor
final class BrowserTab {
    let session: WebSession
    private let page: GlobalCommandTests.PageMessages
    private var lastID = 0
    /// Who waits for the end of a line, by its id.
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

    init(_ session: WebSession, page: GlobalCommandTests.PageMessages) {
        self.session = session
        self.page = page
        Task { [weak self] in
            await session.run { id in self?.waiting.removeValue(forKey: id)?.resume() }
        }
    }

    /// Sends `lines` as the page does, and returns once the last has ended (`done`).
    func run(_ lines: [String]) async {
        guard !lines.isEmpty else { return }
        await withCheckedContinuation { ended in
            waiting[lastID + lines.count] = ended
            for line in lines {
                lastID += 1
                session.feed.yield(WebSession.input(for: ClientMessage(kind: .run, line: line, id: lastID), send: page.append))
            }
        }
    }

    /// Sends `line` as the page does, and returns once it has been answered (`completion`).
    func complete(_ line: String) async {
        let page = page
        lastID += 1
        let message = ClientMessage(kind: .complete, line: line, id: lastID)
        await withCheckedContinuation { answered in
            session.feed.yield(
                WebSession.input(for: message) { data in
                    page.append(data)
                    answered.resume()
                })
        }
    }

    isolated deinit {
        session.stop()
    }
}
#endif
