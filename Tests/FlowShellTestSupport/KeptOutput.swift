import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// A View that keeps what it is shown: the texts of its screens, its notices, its help listings.
@MainActor
package final class KeptOutput: SessionView {
    package var texts: [String] = []
    package var notices: [Notice] = []
    package var listings: [HelpListing] = []

    package init() {}

    package func screen(_ screen: ScreenSnapshot) {
        for case .text(let text) in screen.properties.content { texts.append(text) }
    }
    package func notice(_ notice: Notice) { notices.append(notice) }
    package func help(_ listing: HelpListing) { listings.append(listing) }
    package func usage(_ usage: CommandUsage) {}
    package func stack(_ entries: [StackEntry]) {}
    package func text(_ lines: [String]) {}
    package func progress(_ running: Bool) {}
}
