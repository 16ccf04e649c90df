import FlowPluginProtocol
import FlowShellKit

/// The shell's plugins: one connection per plugin module, which starts its process on first
/// use, and the feature modules made from their declarations — values like a linked module's,
/// whose screens are ``HostedScreen``s in the plugin and whose conditions are asked of it.
@MainActor
public final class PluginHost {
    private var connections: [String: PluginConnection] = [:]
    /// Whether ``shutDown()`` has begun: the shell is leaving.
    private var isLeaving = false
    /// How many runs of this host's plugins have ended: only a run that ended can leave a
    /// screen whose plugin has stopped (a screen opened afterwards starts the plugin again).
    public private(set) var endedRuns = 0
    /// Why the run that ended last ended, naming its plugin (`plugin Slow did not answer
    /// 'command' within 500 ms, so it was stopped`); nil while none has.
    public private(set) var lastEnding: String?

    /// A host with no plugin running.
    public init() {}

    /// The feature module a plugin provides, from its declaration. The plugin is not started
    /// here: it starts when one of its screens is first opened, and only while it runs what
    /// `approval` allowed (nil: anything). A changed command stops the plugin that ran the old one.
    ///
    /// When it starts, the plugin must declare `declaration`, what the flow was checked
    /// against; if it declares something else it is stopped, and `refresh` is given what it
    /// declares now.
    public func module(
        _ spec: PluginSpec, declaration: ModuleDeclaration, approval: PluginApproval?,
        refresh: (@MainActor (ModuleDeclaration) -> Void)? = nil
    ) -> FeatureModule {
        let connection: PluginConnection
        if let existing = connections[spec.module], existing.spec == spec, existing.approval == approval {
            connection = existing
        } else {
            if let old = connections[spec.module] { Task { await old.shutDown() } }
            connection = PluginConnection(spec: spec, approval: approval)
            connection.onSessionEnd = { [weak self, module = spec.module] reason in
                self?.endedRuns += 1
                self?.lastEnding = "plugin \(module) \(reason)"
            }
            connections[spec.module] = connection
        }
        connection.checked = declaration
        connection.refresh = refresh
        let screens = declaration.screens.map { screen in
            FeatureRegistration(
                id: screen.id, title: screen.title, inputs: screen.inputs, events: screen.eventDeclarations,
                commands: screen.commands.map(\.name),
                // What its commands change, as a linked screen's declare it: `check` and agents read it.
                effects: Dictionary(screen.commands.compactMap { command in command.effect.map { (command.name, $0) } }) { first, _ in
                    first
                }
            ) { input, _ in
                try await PluginScreen.open(screen, input: input, connection: connection)
            }
        }
        let resolvers = declaration.resolvers.map { resolver in
            ParameterResolver(parameter: resolver.parameter, produces: resolver.produces) { value, _ in
                try await connection.resolve(resolver.parameter, value)
            }
        }
        let conditions = declaration.conditions.map { condition in
            ConditionRegistration(condition.name, summary: condition.summary) { _ in
                try await connection.condition(condition.name)
            }
        }
        return FeatureModule(name: spec.module, screens: screens, conditions: conditions, resolvers: resolvers)
    }

    /// Whether `screen` lives in a plugin that has ended (it should be closed).
    public func hasStopped(_ screen: any HostedScreen) -> Bool {
        (screen as? PluginScreen).map { !$0.isRunning } ?? false
    }

    /// The process ids of the plugins running now.
    public var runningProcessIDs: [Int32] {
        connections.values.compactMap(\.processID)
    }

    /// Stops every plugin: closes its stdin, kills its process group if it has not exited
    /// within a second, and reaps it. Called when the shell leaves, so no plugin outlives it.
    /// The plugins are stopped together, so leaving takes that second however many there are;
    /// ``interrupt()`` ends the wait at once.
    public func shutDown() async {
        isLeaving = true
        let stopping = connections.values.map { connection in
            Task { @MainActor in await connection.shutDown() }
        }
        for stop in stopping { await stop.value }
    }

    /// Ctrl-C: while the shell leaves (``shutDown()``), kills every plugin's process group at
    /// once rather than waiting out the second they have to exit; otherwise does nothing (the
    /// running command's cancel reaches its plugin on its own).
    public func interrupt() {
        guard isLeaving else { return }
        for connection in connections.values {
            connection.killNow(noting: "was killed with its process group: Ctrl-C while the shell left")
        }
        // One still starting has no session yet; its process is among the running ones.
        RunningPlugins.killAll()
    }
}
