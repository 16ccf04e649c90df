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
    /// The warnings the config check gave at start.
    let warnings: [Diagnostic]
    /// The flow's plugins.
    let plugins: PluginLoader

    private init(flow: AppFlowCoordinator, source: ConfigSource, modules: [FeatureModule],
                 environment: AppEnvironment, warnings: [Diagnostic], plugins: PluginLoader) {
        self.plugins = plugins
        self.flow = flow
        self.source = source
        self.modules = modules
        self.environment = environment
        self.warnings = warnings
    }

    /// Checks the config, sets up the services and settings of the modules it loads, and opens
    /// its root screen (with `rootInput`, for a harness driving one screen).
    /// - Parameter dataDirectory: the app's data folder for an app name; nil keeps everything in memory.
    static func start(
        source: ConfigSource,
        modules: [FeatureModule],
        dataDirectory: (String) -> String?,
        services: ServiceContainer = ServiceContainer(),
        rootInput: FeatureInput = FeatureInput(),
        plugins: PluginLoader? = nil
    ) async throws(StartFailure) -> FlowRuntime {
        let plugins = plugins ?? PluginLoader(environment: ProcessInfo.processInfo.environment)
        let check = FlowCheck(source: source, features: modules, plugins: plugins)
        guard let manifest = check.runnableManifest else {
            var messages = check.diagnostics.map(\.description)
            if check.outcome != .unreadable {
                let count = check.errorCount
                messages.append("\(check.fileName): the flow has \(count) error\(count == 1 ? "" : "s"); not starting")
            }
            throw StartFailure(messages: messages, status: 2)
        }
        do {
            return try await launch(manifest, source: source, modules: modules, catalogued: check.modules, dataDirectory: dataDirectory,
                                    services: services, rootInput: rootInput, warnings: check.diagnostics, plugins: plugins)
        } catch {
            await plugins.host.shutDown()
            throw error
        }
    }

    /// Sets up a checked manifest's services and settings and opens its root screen.
    private static func launch(
        _ manifest: Manifest, source: ConfigSource, modules: [FeatureModule], catalogued: [FeatureModule]? = nil,
        dataDirectory: (String) -> String?, services: ServiceContainer, rootInput: FeatureInput, warnings: [Diagnostic],
        plugins: PluginLoader = PluginLoader { _ in nil }, stores: [String: any KeyValueStore] = [:]
    ) async throws(StartFailure) -> FlowRuntime {
        let environment = AppEnvironment(app: manifest.app, dataDirectory: dataDirectory(manifest.app))
        let settings: SettingsDatabase?
        do {
            settings = try environment.dataDirectory.map { try SettingsDatabase(path: $0 + "/settings.sqlite") }
        } catch {
            throw StartFailure(messages: ["error: cannot open the settings in \(environment.dataDirectory ?? ""): \(SystemError.describe(error))"], status: 1)
        }
        let catalog = FeatureCatalog(catalogued ?? modules)
        do {
            try catalog.registerServices(loading: manifest.modules, in: services, environment: environment)
        } catch {
            throw StartFailure(messages: ["error: cannot set up the app's services: \(UserFacingError.message(for: error))"], status: 1)
        }
        var memoryStores = stores
        let flow = AppFlowCoordinator(manifest: manifest, catalog: catalog, services: services) { module in
            if let settings { return settings.store(forModule: module) }
            // In memory, one store per module, shared by its screens.
            if let store = memoryStores[module] { return store }
            let store = MemoryKeyValueStore()
            memoryStores[module] = store
            return store
        }
        do {
            try await flow.start(input: rootInput)
        } catch {
            let reason = UserFacingError.message(for: error)
            throw StartFailure(messages: ["\(source.fileName): error: cannot open the root screen '\(manifest.root)': \(reason)"],
                               status: 1, screenRefusal: reason)
        }
        return FlowRuntime(flow: flow, source: source, modules: modules, environment: environment, warnings: warnings, plugins: plugins)
    }

    /// Starts a flow given as config text, everything in memory: for tests and tools.
    public static func start(config: String, name: String = "config", modules: [FeatureModule],
                             services: ServiceContainer = ServiceContainer()) async throws(StartFailure) -> FlowRuntime {
        try await start(source: .text(config, name: name), modules: modules, dataDirectory: { _ in nil }, services: services,
                        plugins: PluginLoader { _ in nil })
    }

    /// Starts a flow of one screen of `module`, built with `input`, everything in memory: what
    /// a feature's tests drive.
    public static func start(screen id: String, of module: FeatureModule, input: [String: String] = [:],
                             store: any KeyValueStore = MemoryKeyValueStore(),
                             services: ServiceContainer = ServiceContainer()) async throws(StartFailure) -> FlowRuntime {
        guard module.screen(id) != nil else {
            let known = module.screens.map(\.id).joined(separator: ", ")
            throw StartFailure(messages: ["\(module.name) registers no '\(id)'; it registers \(known)"], status: 2)
        }
        // One screen and no transitions: nothing to check, and the root may take input.
        let manifest = Manifest(app: "test", root: id, modules: [module.name], transitions: [])
        let config = #"{"app": "test", "root": "\#(id)", "modules": ["\#(module.name)"]}"#
        return try await launch(manifest, source: .text(config, name: "\(module.name) screen \(id)"), modules: [module],
                                dataDirectory: { _ in nil }, services: services, rootInput: FeatureInput(input), warnings: [],
                                stores: [module.name: store])
    }

    /// Checks the config again; a sound one replaces the running flow, a broken one is
    /// reported in full and the running flow stays.
    func reload() async -> [Notice] {
        let check = FlowCheck(source: source, features: modules, plugins: plugins)
        guard let manifest = check.runnableManifest else {
            return check.diagnostics.filter { $0.severity == .error }.map { Notice(.error, $0.description) }
                + [Notice(.warning, "\(check.fileName) has errors; the flow that was running goes on")]
        }
        guard manifest != flow.manifest else { return [] }
        let catalog = FeatureCatalog(check.modules)
        do {
            try catalog.registerServices(loading: manifest.modules, in: flow.services, environment: environment)
        } catch {
            let reason = UserFacingError.message(for: error)
            return [Notice(.error, "cannot set up the services of the new flow: \(reason)"),
                    Notice(.warning, "the flow that was running goes on")]
        }
        let warnings = check.diagnostics.map { Notice(.warning, $0.description) }
        return warnings + (await flow.reload(manifest, catalog: catalog))
            + [Notice(.success, "reloaded \(check.fileName)")]
    }
}
