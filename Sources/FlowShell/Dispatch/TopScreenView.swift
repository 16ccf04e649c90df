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
    /// While a command runs, its screen's new look waits here: if the command's navigation
    /// leaves the screen, only where it leads is shown (with the screen's messages).
    private var holding = false
    private var held: ViewProperties?
    /// What the flow offers on the top screen, worked out once per kind of screen, sub-flow
    /// and manifest (all it depends on): every state a screen pushes is offered alike.
    private var offer: (key: OfferKey, leads: [String: Bool], configCommands: [CommandDescription])?
    private struct OfferKey: Equatable {
        let featureID: String
        let flow: String?
        let generation: Int
    }

    init(flow: AppFlowCoordinator, output: ShellOutput) {
        self.flow = flow
        self.output = output
    }

    /// Holds the top screen's updates until ``release()``.
    func hold() {
        holding = true
    }

    /// Shows the held update, if the screen is still on top.
    func release() {
        holding = false
        if let held {
            self.held = nil
            update(with: held)
        }
    }

    /// Binds the top screen if it is not the one bound.
    func follow() {
        guard let top = flow.top?.screen, top !== shown else { return }
        if let held {
            // The screen that changed is gone: what it said still counts, its commands do not.
            self.held = nil
            for case .message(let style, let text) in held.content where style != .muted {
                output.notice(Notice(style, text))
            }
        }
        shown?.bind(view: nil)
        shown = top
        top.bind(view: self)
    }

    func update(with viewProperties: ViewProperties) {
        guard let top = flow.top else { return }
        if holding {
            held = viewProperties
            return
        }
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

    /// The screen's commands as this flow offers them: those whose events all lead nowhere
    /// here are left out, and the commands the config adds come after the screen's own.
    private func withConfigCommands(_ properties: ViewProperties) -> ViewProperties {
        guard let top = flow.top else { return properties }
        refreshOffer(for: top)
        func leads(_ event: String) -> Bool {
            if let known = offer?.leads[event] { return known }
            let answer = flow.leadsAnywhere(event, from: top)
            offer?.leads[event] = answer
            return answer
        }
        var properties = properties
        properties.commands.removeAll { command in
            !command.emits.isEmpty && !command.emits.contains(where: leads)
        }
        properties.commands += offer?.configCommands ?? []
        return properties
    }

    /// The commands the config adds to the top screen.
    var configCommands: [CommandDescription] {
        guard let top = flow.top else { return [] }
        refreshOffer(for: top)
        return offer?.configCommands ?? []
    }

    /// Works out what the flow offers on `top` again, unless that is known already.
    private func refreshOffer(for top: OpenScreen) {
        let key = OfferKey(featureID: top.featureID, flow: top.flow, generation: flow.generation)
        if offer?.key != key {
            offer = (key, [:], flow.configCommands)
        }
    }

    /// The open screens, bottom first.
    var stack: [StackEntry] {
        flow.stack.map {
            StackEntry(screen: $0.featureID, title: $0.screen.viewProperties.title,
                       modal: $0.presentation == .presented, input: $0.input.values)
        }
    }
}
