import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation

/// A running flow and what it was made from: the one factory that turns a config and the
/// linked modules into a started flow (decode, check, services, settings, the root screen).
/// The REPL, the testing harnesses and `replay` all start their flow here.
@MainActor
public final class FlowRuntime {
    /// Why a flow did not start: what to tell the user, line by line, and the exit status.
    public struct StartFailure: Error, Sendable {
        /// The messages, already in the user's words.
        public let messages: [String]
        /// The exit status for the process (2: the config; 1: the app could not start).
        public let status: Int32
        /// Why the root screen refused to be built, when that was the failure (an unknown car, say).
        public var screenRefusal: String?
    }

    /// The navigation of the running flow.
    public let flow: AppFlowCoordinator
    /// Where the config came from.
    let source: ConfigSource
    /// The linked modules.
    let modules: [FeatureModule]
    /// What the modules' services were set up with.
    let environment: AppEnvironment
    /// The services this session shares (with the other sessions of a server), into which the
    /// modules set theirs up; the flow's own container holds what is this session's alone.
    let sharedServices: ServiceContainer
    /// The warnings the config check gave at start.
    package let warnings: [Diagnostic]
    /// The capabilities the program links, whose commands' names a reloaded config may not
    /// give a screen either.
    var reservedCapabilities: [SessionCapability] = []
    /// The shell's own settings for this app: aliases and what `set` changed.
    let shellStore: any KeyValueStore
    /// The namespace of the shell's own settings among the modules'.
    package static let shellSettingsModule = "flowshell.shell"
    /// What the start had to say beside the config's warnings (settings that cannot be kept).
    package var startNotices: [Notice] = []
    /// What the session has to say after a line (a setting that could not be kept).
    let notices: SessionNotices
    /// The flow's plugins.
    let plugins: PluginLoader
    /// Whether the last reload found the config broken (the running flow went on).
    private var configIsBroken = false
    /// How many of the plugins' runs had ended when the open screens last held no screen of a
    /// stopped plugin (``hasStoppedPluginScreen``).
    var endedPluginRunsSeen = 0

    private init(
        flow: AppFlowCoordinator, source: ConfigSource, modules: [FeatureModule], environment: AppEnvironment,
        sharedServices: ServiceContainer, warnings: [Diagnostic], shellStore: any KeyValueStore, plugins: PluginLoader,
        notices: SessionNotices
    ) {
        self.sharedServices = sharedServices
        self.shellStore = shellStore
        self.notices = notices
        self.plugins = plugins
        self.flow = flow
        self.source = source
        self.modules = modules
        self.environment = environment
        self.warnings = warnings
    }

    /// Checks the config, sets up the services and settings of the modules it loads, and opens
    /// its root screen (with `rootInput`, for a harness driving one screen).
    /// - Parameters:
    ///   - dataDirectory: the app's data folder for an app name; nil keeps everything in memory.
    ///   - openSettings: opens the settings kept in the data folder; nil keeps them in memory.
    ///   - records: the app's records, for an app name: in its data folder, or in the database
    ///     every server of the flow shares (`--database`); nil: in memory.
    ///   - services: the services the session shares (a server's sessions share one
    ///     container); the modules set theirs up in it, those it holds already excepted.
    ///   - connectedUser: who connected, when the front end knows: the session's alone, a
    ///     service its modules read.
    ///   - reserving: the capabilities the program links, whose commands' names no screen may take.
    ///   - checks: the last check of this flow, which a session of an unchanged config starts
    ///     from (a server's sessions share one); nil: the config is checked now.
    package static func start(
        source: ConfigSource,
        modules: [FeatureModule],
        dataDirectory: (String) -> String?,
        openSettings: SettingsOpener? = nil,
        records: (String) -> (any RecordStore)? = { _ in nil },
        services: ServiceContainer = ServiceContainer(),
        connectedUser: ConnectedUser? = nil,
        rootInput: FeatureInput = FeatureInput(),
        now: (@Sendable () -> Double)? = nil,
        plugins: PluginLoader? = nil,
        reserving capabilities: [SessionCapability] = [],
        checks: FlowChecks? = nil
    ) async throws(StartFailure) -> FlowRuntime {
        // Without a loader of its own, plugins run with no state folder (no cache, no log) and
        // only when FLOWSHELL_ALLOW_PLUGINS=1 allows them: no shell's trusted configs are known here.
        let plugins =
            plugins
            ?? PluginLoader(
                purpose: .running,
                trust: PluginTrust(paths: nil, environment: ProcessInfo.processInfo.environment, allowsThisRun: false)
            ) { _ in nil }
        let check =
            checks?.check(source: source, features: modules, plugins: plugins, reserving: capabilities)
            ?? FlowCheck(source: source, features: modules, plugins: plugins, reserving: capabilities)
        if let refusal = check.refusal {
            throw StartFailure(messages: ["error: \(refusal)"], status: 2)
        }
        guard let manifest = check.runnableManifest else {
            var messages = check.diagnostics.map(\.description)
            if check.outcome != .unreadable {
                let count = check.errorCount
                messages.append("\(check.fileName): the flow has \(count) error\(count == 1 ? "" : "s"); not starting")
            }
            throw StartFailure(messages: messages, status: 2)
        }
        do {
            let runtime = try await launch(
                manifest, source: source, modules: modules, catalogued: check.modules, dataDirectory: dataDirectory,
                openSettings: openSettings, records: records, services: services, connectedUser: connectedUser, rootInput: rootInput,
                warnings: check.diagnostics, plugins: plugins, now: now)
            runtime.reservedCapabilities = capabilities
            return runtime
        } catch {
            await plugins.host.shutDown()
            throw error
        }
    }

    /// Starts a flow that `check` found sound, without checking it again: a tool that runs many
    /// sessions of one flow (`test`, a session per path it tries) checks it once, and gives each
    /// the `planner` of the first (nil: one of its own). `plugins` is the loader `check` used, or
    /// one made from it by ``PluginLoader/separate()`` (the session's plugins then run in its
    /// host); it is the caller's to stop.
    package static func start(
        checked check: FlowCheck,
        source: ConfigSource,
        modules: [FeatureModule],
        dataDirectory: (String) -> String?,
        services: ServiceContainer,
        now: (@Sendable () -> Double)? = nil,
        plugins: PluginLoader,
        planner: NavigationPlanner? = nil
    ) async throws(StartFailure) -> FlowRuntime {
        guard let manifest = check.runnableManifest else {
            throw StartFailure(messages: check.diagnostics.map(\.description), status: 2)
        }
        return try await launch(
            manifest, source: source, modules: modules, catalogued: plugins.hosting(check.modules),
            dataDirectory: dataDirectory, services: services, rootInput: FeatureInput(), warnings: check.diagnostics,
            plugins: plugins, now: now, planner: planner)
    }

    /// Sets up a checked manifest's services and settings and opens its root screen.
    private static func launch(
        _ manifest: Manifest, source: ConfigSource, modules: [FeatureModule], catalogued: [FeatureModule]? = nil,
        dataDirectory: (String) -> String?, openSettings: SettingsOpener? = nil,
        records: (String) -> (any RecordStore)? = { _ in nil }, services: ServiceContainer,
        connectedUser: ConnectedUser? = nil, rootInput: FeatureInput, warnings: [Diagnostic],
        plugins: PluginLoader = PluginLoader { _ in nil }, stores: [String: any KeyValueStore] = [:],
        now: (@Sendable () -> Double)? = nil, planner: NavigationPlanner? = nil
    ) async throws(StartFailure) -> FlowRuntime {
        // A screen's FolderChanges follow its folder through the process's one watch.
        FolderChanges.install(FolderWatcher.shared)
        let folder = dataDirectory(manifest.app)
        var settings: (any SettingsStorage)?
        var notices: [Notice] = []
        if let folder, let openSettings {
            do {
                settings = try openSettings(folder)
            } catch {
                // Without its settings the app still runs: the session and the rest last this run only.
                let problem = UserFacingError.message(for: error)
                notices.append(
                    Notice(.warning, "settings such as the session will not be kept (\(problem)) — choose another folder with --data-dir"))
            }
        }
        let sessionNotices = SessionNotices()
        let moduleStores = ModuleStores(settings: settings, preset: stores, notices: sessionNotices)
        let environment = AppEnvironment(
            app: manifest.app, dataDirectory: folder, now: now, records: records(manifest.app) ?? MemoryRecordStore()
        ) {
            moduleStores.store(for: $0)
        }
        let catalog = FeatureCatalog(catalogued ?? modules)
        do {
            try catalog.registerServices(loading: manifest.modules, in: services, environment: environment)
        } catch {
            throw StartFailure(messages: ["error: cannot set up the app's services: \(UserFacingError.message(for: error))"], status: 1)
        }
        // The session's own services, over the shared ones: who connected is this session's alone.
        let sessionServices = ServiceContainer(over: services)
        if let connectedUser { sessionServices.register(connectedUser) }
        do {
            try catalog.registerSessionServices(loading: manifest.modules, in: sessionServices, environment: environment)
        } catch {
            throw StartFailure(messages: ["error: cannot set up the session's services: \(UserFacingError.message(for: error))"], status: 1)
        }
        let flow = AppFlowCoordinator(
            manifest: manifest, catalog: catalog, services: sessionServices,
            makeStore: { moduleStores.store(for: $0) }, planner: planner)
        do {
            try await flow.start(input: rootInput)
        } catch {
            let reason = UserFacingError.message(for: error)
            throw StartFailure(
                messages: ["\(source.fileName): error: cannot open the root screen '\(manifest.root)': \(reason)"],
                status: 1, screenRefusal: reason)
        }
        let runtime = FlowRuntime(
            flow: flow, source: source, modules: modules, environment: environment, sharedServices: services, warnings: warnings,
            shellStore: moduleStores.store(for: shellSettingsModule), plugins: plugins, notices: sessionNotices)
        // What the settings could not do while the root screen opened is said at the start.
        runtime.startNotices = notices + sessionNotices.take()
        return runtime
    }

    /// Starts a flow given as config text, everything in memory: for tests and tools. The
    /// modules set up their services in `services`; `connectedUser` is who connected, when a
    /// front end would know.
    public static func start(
        config: String, name: String = "config", modules: [FeatureModule],
        services: ServiceContainer = ServiceContainer(),
        connectedUser: ConnectedUser? = nil
    ) async throws(StartFailure) -> FlowRuntime {
        try await start(
            source: .text(config, name: name), modules: modules, dataDirectory: { _ in nil }, services: services,
            connectedUser: connectedUser, plugins: PluginLoader { _ in nil })
    }

    /// Starts a flow of one screen of `module`, built with `input`, everything in memory: what
    /// a feature's tests drive.
    public static func start(
        screen id: String, of module: FeatureModule, input: [String: String] = [:],
        store: any KeyValueStore = MemoryKeyValueStore(),
        services: ServiceContainer = ServiceContainer()
    ) async throws(StartFailure) -> FlowRuntime {
        guard module.screen(id) != nil else {
            let known = module.screens.map(\.id).joined(separator: ", ")
            throw StartFailure(messages: ["\(module.name) registers no '\(id)'; it registers \(known)"], status: 2)
        }
        // One screen and no transitions: nothing to check, and the root may take input.
        let manifest = Manifest(app: "test", root: id, modules: [module.name], transitions: [])
        let config = #"{"app": "test", "root": "\#(id)", "modules": ["\#(module.name)"]}"#
        return try await launch(
            manifest, source: .text(config, name: "\(module.name) screen \(id)"), modules: [module],
            dataDirectory: { _ in nil }, services: services, rootInput: FeatureInput(input), warnings: [],
            stores: [module.name: store])
    }

    /// Checks the config again; a sound one replaces the running flow, a broken one is
    /// reported in full and the running flow stays.
    func reload() async -> [Notice] {
        let check = FlowCheck(source: source, features: modules, plugins: plugins, reserving: reservedCapabilities)
        if let refusal = check.refusal {
            // An edit that names another program does not start it unasked.
            configIsBroken = true
            return [Notice(.error, refusal), Notice(.warning, "the flow that was running goes on")]
        }
        guard let manifest = check.runnableManifest else {
            configIsBroken = true
            return check.diagnostics.filter { $0.severity == .error }.map { Notice(.error, $0.description) }
                + [Notice(.warning, "\(check.fileName) has errors; the flow that was running goes on")]
        }
        // Fixed back to the flow that runs: the last word said was that it has errors.
        let wasBroken = configIsBroken
        configIsBroken = false
        guard manifest != flow.manifest else {
            return wasBroken ? [Notice(.success, "\(check.fileName) is sound again, as the flow that runs")] : []
        }
        let catalog = FeatureCatalog(check.modules)
        do {
            try catalog.registerServices(loading: manifest.modules, in: sharedServices, environment: environment)
            try catalog.registerSessionServices(loading: manifest.modules, in: flow.services, environment: environment)
        } catch {
            let reason = UserFacingError.message(for: error)
            return [
                Notice(.error, "cannot set up the services of the new flow: \(reason)"),
                Notice(.warning, "the flow that was running goes on"),
            ]
        }
        let warnings = check.diagnostics.map { Notice(.warning, $0.description) }
        return warnings + (await flow.reload(manifest, catalog: catalog))
            + [Notice(.success, "reloaded \(check.fileName)")]
    }
}

/// Each module's settings store, made once: in the settings database, or in memory (one per
/// module, shared by its screens and its services).
@MainActor
final class ModuleStores: Sendable {
    private let settings: (any SettingsStorage)?
    private var stores: [String: any KeyValueStore]
    private let notices: SessionNotices

    init(settings: (any SettingsStorage)?, preset: [String: any KeyValueStore], notices: SessionNotices) {
        self.settings = settings
        self.stores = preset
        self.notices = notices
    }

    func store(for module: String) -> any KeyValueStore {
        if let store = stores[module] { return store }
        // What the settings cannot keep lasts the session.
        let store: any KeyValueStore =
            settings.map { SessionKeptStore($0.store(forModule: module), of: $0, notices: notices) } ?? MemoryKeyValueStore()
        stores[module] = store
        return store
    }
}
