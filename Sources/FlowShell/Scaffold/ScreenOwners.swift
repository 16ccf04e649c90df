import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal

extension [FeatureModule] {
    /// The name of the module that registers each screen, by screen id: the ids a new feature
    /// or plugin must not take.
    var moduleOfEachScreen: [String: String] {
        var owners: [String: String] = [:]
        for module in self {
            for screen in module.screens { owners[screen.id] = module.name }
        }
        return owners
    }
}
