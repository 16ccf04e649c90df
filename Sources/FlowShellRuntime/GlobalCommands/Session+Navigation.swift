import FlowCoordinator
import FlowShellKit

/// `back`, `home`, `open LINK`, `where` and `show`: moving through the flow and seeing where
/// one is.
extension Session {
    /// `back`.
    func goBack() async {
        await supervised { await self.flow.back() }
    }

    /// `home`: nothing to do at the first screen, which is said.
    func goHome() async {
        guard flow.stack.count > 1 else {
            output.notice(Notice(.muted, "already at the first screen"))
            return
        }
        await supervised { await self.flow.home() }
    }

    /// `open LINK`.
    func open(_ link: String) async {
        await supervised { await self.flow.open(link) }
    }

    /// `where`.
    func showStack() {
        output.stack(topView.stack)
    }

    /// `show`: the top screen again, as it is now — once: a top not bound to the View yet is
    /// shown by binding it (a startup file that only changed a setting ran before any screen
    /// was bound, and showing it again as well printed it twice).
    package func showScreenAgain() {
        let shownBefore = topView.updates
        topView.follow()
        if topView.updates == shownBefore { topView.show() }
    }
}
