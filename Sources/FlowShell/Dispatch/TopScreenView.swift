import FlowCoordinator
import FlowManifest
import FlowShellKit

/// The View the top screen is bound to: every state its host pushes reaches the shell's output
/// as a screen, with the stack under it. When navigation changes the top, ``follow()`` binds
/// the new top (which shows it at once) and unbinds the old one.
@MainActor
final class TopScreenView: View {
    private let flow: AppFlowCoordinator
    private let output: ShellOutput
    private weak var shown: (any HostedScreen)?
    /// How many times a screen was shown: a command that shows nothing new changed nothing.
    private(set) var updates = 0

    init(flow: AppFlowCoordinator, output: ShellOutput) {
        self.flow = flow
        self.output = output
    }

    /// Binds the top screen if it is not the one bound.
    func follow() {
        guard let top = flow.top?.screen, top !== shown else { return }
        shown?.bind(view: nil)
        shown = top
        top.bind(view: self)
    }

    func update(with viewProperties: ViewProperties) {
        guard let top = flow.top else { return }
        updates += 1
        output.screen(ScreenSnapshot(featureID: top.featureID, properties: withConfigCommands(viewProperties), stack: stack))
    }

    /// Shows the top screen again, as it is now.
    func show() {
        guard let top = flow.top else { return }
        update(with: top.screen.viewProperties)
    }

    /// What the top screen shows, with the commands the config adds to it.
    var properties: ViewProperties? {
        flow.top.map { withConfigCommands($0.screen.viewProperties) }
    }

    private func withConfigCommands(_ properties: ViewProperties) -> ViewProperties {
        var properties = properties
        properties.commands += flow.configCommands
        return properties
    }

    /// The open screens, bottom first.
    var stack: [StackEntry] {
        flow.stack.map {
            StackEntry(screen: $0.featureID, title: $0.screen.viewProperties.title,
                       modal: $0.presentation == .presented, input: $0.input.values)
        }
    }
}
