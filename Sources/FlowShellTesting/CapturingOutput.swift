import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime

/// The View a harness gives the session: it keeps what was pushed to it.
@MainActor
final class CapturingOutput: SessionView {
    /// Every screen shown, oldest first.
    var screens: [ScreenSnapshot] = []
    /// The messages since they were last taken.
    var notices: [Notice] = []
    /// What `help`, `help CMD`, `CMD --help` and `where` answered, as lines of text.
    var answers: [String] = []

    /// Waiting for the screens a screen shows by itself.
    private let waiters = CountWaiters()

    /// Called with each screen shown by itself.
    var onUpdate: (ScreenSnapshot) -> Void = { _ in }

    func screen(_ screen: ScreenSnapshot) {
        screens.append(screen)
        if screen.cause == .update { onUpdate(screen) }
        waiters.reached(updateCount)
    }

    /// How many screens were shown by themselves (not by a command).
    private var updateCount: Int { screens.filter { $0.cause == .update }.count }

    /// Returns true once `count` screens were shown by themselves; false when the wait gave up
    /// (``CountWaiters``).
    func waitForUpdates(_ count: Int) async -> Bool {
        await waiters.wait(until: count, current: updateCount)
    }
    func notice(_ notice: Notice) { notices.append(notice) }
    func help(_ listing: HelpListing) {
        answers.append(
            "help: \(listing.screenTitle): " + (listing.screenCommands + listing.globalCommands).map(\.name).joined(separator: ", "))
    }
    func usage(_ usage: CommandUsage) { answers.append("usage: \(usage.usage) — \(usage.summary)") }
    func stack(_ entries: [StackEntry]) { answers.append("stack: " + entries.map(\.screen).joined(separator: " > ")) }
    func text(_ lines: [String]) { answers += lines }
    func progress(_ running: Bool) {}
}
