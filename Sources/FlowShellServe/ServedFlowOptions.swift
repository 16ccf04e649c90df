import ArgumentParser
import FlowShellCommandLine
import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import FlowShellSettings
import FlowShellTerminal

/// What `serve` and `mcp` both take: the flow to serve, the folder of its data, and the one-run
/// opt-in to its plugins.
struct ServedFlowOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The flow config to serve (default: ./config.json, else the built-in flow).", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Keep the app's data (its databases) in this folder.", valueName: "path"))
    var dataDir: String?

    @OptionGroup var plugins: AllowPluginsOption

    /// The flow these options name, of the shell `identity` with its `modules`, its state in
    /// `paths`. Composed as every served session is: what the program's terminal may do (its
    /// files and programs) is withheld, and this machine's paths are taken out of what a session
    /// shows; `shared` keeps what the servers of the flow share, and `audit` records their lines.
    @MainActor
    func servedFlow(
        identity: ShellIdentity, modules: [FeatureModule], paths: StatePaths, environment: [String: String],
        shared: (any SharedStore)? = nil, audit: AuditLog? = nil
    ) -> ServedFlow {
        let trust = plugins.trust(identity: identity, environment: environment)
        let dataDir = self.dataDir
        return ServedFlow(
            identity: identity, modules: modules, source: ConfigSource.resolve(explicitPath: config, builtIn: identity.defaultFlow),
            services: ServiceContainer(), dataDirectory: { app in dataDir ?? paths.dataDirectory(app: app) },
            plugins: { PluginLoader(purpose: .running, trust: trust, paths: paths) },
            guards: ServerGuards(withholding: .terminal, audit: audit),
            shared: shared, folderRecords: { app in (dataDir ?? paths.dataDirectory(app: app)).map { FolderRecords.inFolder($0) } })
    }
}
