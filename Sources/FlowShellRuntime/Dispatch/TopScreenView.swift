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
    /// Whether a typed line runs now: what is shown otherwise, the screen did by itself.
    var lineRuns = false
    /// Called after the top screen was shown by itself (no line running): the prompt may say
    /// something new.
    var onUpdateByItself: () -> Void = {}
    /// Called after every screen shown (`wait --until` looks at each).
    var onShown: () -> Void = {}
    /// While a command runs, its screen's new look waits here: if the command's navigation
    /// leaves the screen, only where it leads is shown (with the screen's messages).
    private var holding = false
    private var held: ViewProperties?
    /// What the flow offers on a screen, worked out once per kind of screen, sub-flow and
    /// manifest (all it depends on): every state a screen pushes is offered alike, and going
    /// back and forth between screens finds theirs here.
    private var offers: [OfferKey: Offer] = [:]
    /// The offer asked for last, found again without hashing its key.
    private var lastOffer: (key: OfferKey, offer: Offer)?
    private final class Offer {
        /// Whether each event asked about leads anywhere from the screen.
        var leads: [String: Bool] = [:]
        let configCommands: [CommandDescription]

        init(configCommands: [CommandDescription]) {
            self.configCommands = configCommands
        }
    }
    private struct OfferKey: Hashable {
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
        defer { onShown() }
        output.screen(ScreenSnapshot(featureID: top.featureID, properties: withConfigCommands(viewProperties), stack: stack,
                                     cause: lineRuns ? .command : .update))
        if !lineRuns { onUpdateByItself() }
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
        let offer = offer(for: top)
        func leads(_ event: String) -> Bool {
            if let known = offer.leads[event] { return known }
            let answer = flow.leadsAnywhere(event, from: top)
            offer.leads[event] = answer
            return answer
        }
        func leadsNowhere(_ command: CommandDescription) -> Bool {
            !command.emits.isEmpty && !command.emits.contains(where: leads)
        }
        let added = offer.configCommands
        // Most screens offer every command and get none from the config: their properties
        // are passed on as they are, not copied.
        guard !added.isEmpty || properties.commands.contains(where: leadsNowhere) else { return properties }
        var properties = properties
        properties.commands.removeAll(where: leadsNowhere)
        properties.commands += added
        return properties
    }

    /// The commands the config adds to the top screen.
    var configCommands: [CommandDescription] {
        guard let top = flow.top else { return [] }
        return offer(for: top).configCommands
    }

    /// What the flow offers on `top`, worked out first if it is not known yet.
    private func offer(for top: OpenScreen) -> Offer {
        let key = OfferKey(featureID: top.featureID, flow: top.flow, generation: flow.generation)
        if let lastOffer, lastOffer.key == key { return lastOffer.offer }
        let offer: Offer
        if let known = offers[key] {
            offer = known
        } else {
            // A new manifest makes every earlier offer stale.
            offers = offers.filter { $0.key.generation == flow.generation }
            offer = Offer(configCommands: flow.configCommands)
            offers[key] = offer
        }
        lastOffer = (key, offer)
        return offer
    }

    /// The open screens, bottom first.
    var stack: [StackEntry] {
        flow.stack.map {
            StackEntry(screen: $0.featureID, title: $0.screen.title,
                       modal: $0.presentation == .presented, input: $0.input.values)
        }
    }
}
