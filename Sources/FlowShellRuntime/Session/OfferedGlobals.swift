import FlowShellKit

/// The session's part of what it offers: its global commands, with `set` describing the settings
/// of the modules the flow loads, indexed by name, and the values each setting takes. Made once
/// per loading of the config (``AppFlowCoordinator/generation``), not per command.
@MainActor
final class OfferedGlobals {
    /// The global commands, in the order `help` lists them.
    let commands: [GlobalCommand]
    /// The values each setting takes, by name, for Tab after `set NAME`.
    let settingValues: [String: [String]]
    /// The flow's loading of the config this was made for.
    let generation: Int
    private let byName: [String: GlobalCommand]

    /// `globals` with `set` described for `settings`, made for the flow's `generation`.
    init(globals: [GlobalCommand], settings: [ShellSettings.Setting], generation: Int) {
        commands =
            settings.count == ShellSettings.builtIn.count
            ? globals
            : globals.map {
                $0.name == CoreCommands.set.name ? $0.with(description: CoreCommands.described(settings: settings)) : $0
            }
        settingValues = Dictionary(settings.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first })
        self.generation = generation
        byName = Dictionary(commands.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The global command named `name`, if any.
    func command(named name: String) -> GlobalCommand? {
        byName[name]
    }
}
