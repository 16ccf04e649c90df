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

    func screen(_ screen: ScreenSnapshot) { screens.append(screen) }
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
