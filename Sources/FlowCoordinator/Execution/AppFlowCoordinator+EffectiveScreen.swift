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
        let added = configCommands(on: open)
        func leadsNowhere(_ command: CommandDescription) -> Bool {
            !command.emits.isEmpty && !command.emits.contains { leadsAnywhere($0, from: open) }
        }
        guard !added.isEmpty || properties.commands.contains(where: leadsNowhere) else { return properties }
        var properties = properties
        properties.commands.removeAll(where: leadsNowhere)
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
