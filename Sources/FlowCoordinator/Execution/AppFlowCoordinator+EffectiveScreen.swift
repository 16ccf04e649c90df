import FlowManifest
import FlowShellKit

/// The effective screen: what an open screen offers in this flow, which is what every View
/// shows and what the session runs — the screen's own commands, less those whose events all
/// lead nowhere here, then the commands the config adds to it. The View never asks the flow.
extension AppFlowCoordinator {
    /// What the top screen offers now; nil before the flow has started.
    public var effectiveTop: ViewProperties? {
        top.map { effective($0.screen.viewProperties, of: $0) }
    }

    /// `properties`, pushed by the open screen `open`, as this flow offers them.
    public func effective(_ properties: ViewProperties, of open: OpenScreen) -> ViewProperties {
        // The planner and the flow's transitions read once (each read of the planner copies it),
        // and the commands gone through by loops: a closure made here, isolated to the main
        // actor, would check its executor at every call. This runs whenever what the top
        // screen shows changes.
        let planner = self.planner
        let added = planner.configCommands(on: open.featureID, in: open.flow)
        let transitions = planner.transitions(in: open.flow)
        let finish = open.flow.flatMap { manifest.flows[$0]?.finish }
        // As `leadsAnywhere(_:from:)`, with what it reads read once.
        func leadsNowhere(_ command: CommandDescription) -> Bool {
            for event in command.emits {
                if finish?[event] != nil || transitions.transition(from: open.featureID, on: event) != nil { return false }
            }
            return !command.emits.isEmpty
        }
        var leadingNowhere: [Int] = []
        for index in properties.commands.indices where leadsNowhere(properties.commands[index]) {
            leadingNowhere.append(index)
        }
        guard !added.isEmpty || !leadingNowhere.isEmpty else { return properties }
        var properties = properties
        for index in leadingNowhere.reversed() { properties.commands.remove(at: index) }
        properties.commands += added
        return properties
    }

    /// The commands the config adds to the open screen `open`, described as a screen describes its own.
    public func configCommands(on open: OpenScreen) -> [CommandDescription] {
        planner.configCommands(on: open.featureID, in: open.flow)
    }

    /// The command named `name` the config adds to the open screen `open`, if any.
    public func configCommand(named name: String, on open: OpenScreen) -> CommandDescription? {
        planner.configCommand(named: name, on: open.featureID, in: open.flow)
    }
}
