import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// The View of an explored session: it keeps the messages of the line that runs and shows
/// nothing else (what a screen shows is not what the explorer judges; how it navigates is).
@MainActor
final class ExplorerOutput: ShellOutput {
    /// The messages since they were last taken.
    private(set) var notices: [Notice] = []

    /// The messages since the last call, which it forgets.
    func takeNotices() -> [Notice] {
        defer { notices.removeAll() }
        return notices
    }

    func notice(_ notice: Notice) { notices.append(notice) }
    func screen(_ screen: ScreenSnapshot) {}
    func help(_ listing: HelpListing) {}
    func usage(_ usage: CommandUsage) {}
    func stack(_ entries: [StackEntry]) {}
    func text(_ lines: [String]) {}
    func progress(_ running: Bool) {}
    func lineCancelled() {}
    func endOfInput() {}
}
