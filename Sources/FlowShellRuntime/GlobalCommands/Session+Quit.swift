import FlowCoordinator
import FlowShellKit

/// `quit [STATUS]` and `exit [STATUS]`.
extension Session {
    /// Leaves, with `statusText` as the exit status; inside a modal layer, with confirm-quit on,
    /// a person's first one only asks.
    func quit(_ statusText: String?) -> Step {
        var status: Int32?
        if let statusText {
            guard let value = Int32(statusText), (0...255).contains(value) else {
                fail("STATUS must be a whole number from 0 to 255, not '\(statusText)'")
                return .next
            }
            status = value
        }
        if settings.confirmsQuit, interactive, !quitAsked, let modal = flow.stack.last(where: { $0.presentation == .presented }) {
            quitAsked = true
            output.notice(
                Notice(.warning, "\(modal.screen.title) is still open — type quit again to leave (set confirm-quit off to skip this)"))
            return .next
        }
        return .quit(status)
    }
}
