import FlowShellKit
import FlowShellRuntime

/// What each server of a program serves, and how — the same for the browser's and SSH's: who the
/// program is, its flow (config and modules), the services their sessions share, where an app's
/// data is, how plugins are loaded, the guards every served session is composed with, and where
/// what several servers share is kept (nil: the data folder).
package struct ServedFlow {
    package let identity: ShellIdentity
    package let modules: [FeatureModule]
    package let source: ConfigSource
    /// The services the sessions of every server share, as two terminals share the app's data.
    package let services: ServiceContainer
    package let dataDirectory: (String) -> String?
    package let plugins: () -> PluginLoader
    package let guards: ServerGuards
    /// Where sessions' states and the servers' secrets are kept for every server of the flow
    /// (`--database`); nil: in the app's data folder, for this machine's servers.
    package let shared: (any SharedStore)?
    /// The app's records in its data folder, for an app name, when there is no shared store (nil: in memory).
    package let folderRecords: (String) -> (any RecordStore)?
    /// The last check of the config, which every session of an unchanged one starts from.
    package let checks = FlowChecks()

    package init(
        identity: ShellIdentity, modules: [FeatureModule], source: ConfigSource, services: ServiceContainer,
        dataDirectory: @escaping (String) -> String?, plugins: @escaping () -> PluginLoader, guards: ServerGuards,
        shared: (any SharedStore)? = nil, folderRecords: @escaping (String) -> (any RecordStore)? = { _ in nil }
    ) {
        self.identity = identity
        self.modules = modules
        self.source = source
        self.services = services
        self.dataDirectory = dataDirectory
        self.plugins = plugins
        self.guards = guards
        self.shared = shared
        self.folderRecords = folderRecords
    }

    /// Starts a runtime of the flow for one session, on the shared services: its settings opened
    /// by `openSettings` (nil: in memory), who connected when the server knows, and the modules'
    /// records in the shared store when there is one, else in the data folder.
    @MainActor
    package func startRuntime(
        openSettings: SettingsOpener?, connectedUser: ConnectedUser? = nil
    )
        async throws(FlowRuntime.StartFailure) -> FlowRuntime
    {
        try await FlowRuntime.start(
            source: source, modules: modules, dataDirectory: dataDirectory, openSettings: openSettings,
            records: { [shared, folderRecords] app in shared?.records(app: app) ?? folderRecords(app) }, services: services,
            connectedUser: connectedUser, plugins: plugins(),
            reserving: guards.withheld, checks: checks)
    }
}
