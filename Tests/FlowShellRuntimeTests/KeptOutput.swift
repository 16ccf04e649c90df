import FlowCoordinator
import FlowShellKit
@testable import FlowShellRuntime

/// A View that keeps what it is shown: the texts of its screens, its notices, its help listings.
@MainActor
final class KeptOutput: SessionView {
    var texts: [String] = []
    var notices: [Notice] = []
    var listings: [HelpListing] = []
    func screen(_ screen: ScreenSnapshot) {
        for case .text(let text) in screen.properties.content { texts.append(text) }
    }
    func notice(_ notice: Notice) { notices.append(notice) }
    func help(_ listing: HelpListing) { listings.append(listing) }
    func usage(_ usage: CommandUsage) {}
    func stack(_ entries: [StackEntry]) {}
    func text(_ lines: [String]) {}
    func progress(_ running: Bool) {}
}
