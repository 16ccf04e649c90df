import FlowCoordinator
import FlowManifest
import FlowShellKit

/// The View the top screen is bound to: every state its host pushes reaches the shell's output
/// as the effective screen the flow works out, with the stack under it. When navigation changes
/// the top, ``follow()`` binds the new top (which shows it) and unbinds the old one.
///
/// What a screen pushes while a line runs is shown once the line's work has settled (at
/// ``follow()``), and only if it differs from what is shown: a command that leaves its screen
/// shows where it leads, not the screen it left. A command's progress is shown at once where
/// progress is shown (a person at a terminal).
@MainActor
final class TopScreenView: View {
    private let flow: AppFlowCoordinator
    private let output: SessionView
    private weak var shown: (any HostedScreen)?
    /// How many times a screen was shown: a command that shows nothing new changed nothing.
    private(set) var updates = 0
    /// The session whose top screen this shows: it keeps what the top offers.
    weak var session: Session?
    /// Whether what the bound screen pushes is held as the answer of the line that runs — shown
    /// once its work settles — rather than shown at once as the screen's own doing. The
    /// session's loop holds it while a line runs; `wait` lets it go while it waits.
    var holdsUpdates = false
    /// Called after the top screen was shown by itself (no line running): the prompt may say
    /// something new.
    var onUpdateByItself: () -> Void = {}
    /// Called after every screen shown (`wait --until` looks at each).
    var onShown: () -> Void = {}
    /// Whether a running command's progress is shown at once.
    var showsProgress = false
    /// What the bound screen pushed while the line runs, not shown yet.
    private var unsettled: ViewProperties?
    /// What the bound screen showed last, as it pushed it.
    private var lastShown: ViewProperties?

    init(flow: AppFlowCoordinator, output: SessionView) {
        self.flow = flow
        self.output = output
    }

    /// The line's work has settled: binds the top screen if it is not the one bound, and shows
    /// what the bound one pushed meanwhile.
    func follow() {
        if let top = flow.topScreen, top !== shown {
            if let unsettled {
                // The screen that changed is gone: what it said still counts, its commands do not.
                self.unsettled = nil
                for case .message(let style, let text) in unsettled.content where style != .muted {
                    output.notice(Notice(style, text))
                }
            }
            shown?.bind(view: nil)
            shown = top
            lastShown = nil
            top.bind(view: self)
        }
        if let unsettled {
            self.unsettled = nil
            if unsettled != lastShown { show(unsettled) }
        }
    }

    func updateInProgress(with viewProperties: ViewProperties) {
        session?.offeredMayHaveChanged()
        guard holdsUpdates, showsProgress else { return update(with: viewProperties) }
        unsettled = nil
        show(viewProperties)
    }

    func update(with viewProperties: ViewProperties) {
        session?.offeredMayHaveChanged()
        if holdsUpdates {
            unsettled = viewProperties
        } else {
            show(viewProperties)
        }
    }

    /// Binds the top screen and shows it, as a line's answer would be (the first screen).
    func showTop() {
        let held = holdsUpdates
        holdsUpdates = true
        follow()
        holdsUpdates = held
    }

    /// Shows the top screen again, as it is now.
    func show() {
        guard let top = flow.top else { return }
        unsettled = nil
        show(top.screen.viewProperties)
    }

    private func show(_ viewProperties: ViewProperties) {
        guard let top = flow.top else { return }
        lastShown = viewProperties
        updates += 1
        defer { onShown() }
        // What the bound top pushed last is what it shows now: the session's one value of what
        // it offers has it (only a progress update can come from a screen that is no longer on top).
        let properties = top.screen === shown ? session?.offered.screen : nil
        output.screen(
            ScreenSnapshot(
                featureID: top.featureID, properties: properties ?? flow.effective(viewProperties, of: top),
                stack: output.showsStackWithScreens ? stack : [], cause: holdsUpdates ? .command : .update))
        if !holdsUpdates { onUpdateByItself() }
    }

    /// The open screens, bottom first.
    var stack: [StackEntry] {
        flow.stack.map {
            StackEntry(
                screen: $0.featureID, title: $0.screen.title,
                modal: $0.presentation == .presented, input: $0.input.values)
        }
    }
}
