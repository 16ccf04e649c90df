import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// The View of an explored session: it shows nothing. What a screen shows is not what the
/// explorer judges; how the flow navigates is, and that it reads from the coordinator.
@MainActor
final class ExplorerOutput: SessionView {
    func notice(_ notice: Notice) {}
    func screen(_ screen: ScreenSnapshot) {}
    func help(_ listing: HelpListing) {}
    func usage(_ usage: CommandUsage) {}
    func stack(_ entries: [StackEntry]) {}
    func text(_ lines: [String]) {}
    func progress(_ running: Bool) {}
}
