import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime

/// The View a harness gives the dispatcher: it keeps what was pushed to it.
@MainActor
final class CapturingOutput: ShellOutput {
    /// Every screen shown, oldest first.
    var screens: [ScreenSnapshot] = []
    /// The messages since they were last taken.
    var notices: [Notice] = []
    /// What `help`, `help CMD`, `CMD --help` and `where` answered, as lines of text.
    var answers: [String] = []

    /// Waiting for the screens a screen shows by itself.
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Called with each screen shown by itself.
    var onUpdate: (ScreenSnapshot) -> Void = { _ in }

    func screen(_ screen: ScreenSnapshot) {
        screens.append(screen)
        if screen.cause == .update { onUpdate(screen) }
        let updates = screens.filter { $0.cause == .update }.count
        let ready = waiters.filter { $0.count <= updates }
        waiters.removeAll { $0.count <= updates }
        ready.forEach { $0.continuation.resume() }
    }

    /// Returns once `count` screens were shown by themselves (not by a command).
    func waitForUpdates(_ count: Int) async {
        guard screens.filter({ $0.cause == .update }).count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
    func notice(_ notice: Notice) { notices.append(notice) }
    func help(_ listing: HelpListing) {
        answers.append("help: \(listing.screenTitle): " + (listing.screenCommands + listing.globalCommands).map(\.name).joined(separator: ", "))
    }
    func usage(_ usage: CommandUsage) { answers.append("usage: \(usage.usage) — \(usage.summary)") }
    func stack(_ entries: [StackEntry]) { answers.append("stack: " + entries.map(\.screen).joined(separator: " > ")) }
    func text(_ lines: [String]) { answers += lines }
    func progress(_ running: Bool) {}
    func lineCancelled() {}
    func endOfInput() {}
}
