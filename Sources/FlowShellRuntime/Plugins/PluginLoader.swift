import FlowManifest
import FlowPlugins
import FlowShellKit
import Foundation

/// Turns a flow's `plugins` into feature modules: each plugin's declarations come from the
/// cache in the state folder when its command and files are unchanged, else from the plugin
/// itself, asked within its time limit. A plugin that cannot start or answers wrongly is one
/// error naming its config line. The modules' screens run in the plugins through ``host``.
///
/// Nothing is started unless ``PluginTrust`` allows the config: to run it, an untrusted config
/// is refused in one line; to check it, its plugins are not started, their cached declarations
/// are used when there are any, and each plugin not started is said.
@MainActor
package final class PluginLoader {
    /// What the plugins are loaded for.
    package enum Purpose {
        /// To run the flow: an untrusted config is refused.
        case running
        /// To check it or draw it: an untrusted config's plugins are not started, the rest is checked.
        case checking
    }

    /// A flow's plugins, loaded.
    package struct Loaded {
        /// The modules of the plugins whose declarations are known.
        var modules: [FeatureModule] = []
        /// Errors (a plugin that cannot be asked) and warnings (a plugin not started).
        var diagnostics: [Diagnostic] = []
        /// Why the flow may not run, in one line: its config is not trusted. Only when running.
        var refusal: String?
        /// The modules of plugins not started whose declarations are unknown: their screens
        /// cannot be checked.
        var unchecked: Set<String> = []
    }

    /// The running plugins.
    let host = PluginHost()
    private let stateDirectory: (String) -> String?
    private let trust: PluginTrust
    private let purpose: Purpose
    /// How to run each plugin the last ``modules(for:source:)`` loaded in another host, as it
    /// was checked (``separate()``), in order.
    private var loadedPlugins: [@MainActor (PluginHost) -> FeatureModule] = []
    /// Their modules, as ``host`` runs them, by name.
    private var hostedModules: [String: FeatureModule] = [:]

    /// A loader whose logs and cache live under `stateDirectory(app)/plugins` (nil: none), which
    /// starts plugins as `trust` allows (nil: always, for flows code gives as text).
    package init(purpose: Purpose = .running, trust: PluginTrust? = nil, stateDirectory: @escaping (String) -> String?) {
        self.purpose = purpose
        self.trust = trust ?? PluginTrust.everything()
        self.stateDirectory = stateDirectory
    }

    /// A loader whose logs and cache live in the app's state folder (`paths`), which starts
    /// plugins as `trust` allows.
    package convenience init(purpose: Purpose, trust: PluginTrust, paths: StatePaths) {
        self.init(purpose: purpose, trust: trust) { paths.directory(app: $0) }
    }

    /// The modules of `manifest`'s plugins, or what keeps them from loading.
    package func modules(for manifest: Manifest, source: ConfigSource) -> Loaded {
        let specs = specs(for: manifest, source: source)
        let fingerprint = PluginFingerprint(specs)
        // Asked even with no plugins: a run's opt-in covers what the run started with only.
        let decision = trust.decision(fingerprint, source: source)
        guard !specs.isEmpty else { return Loaded() }
        let cache = stateDirectory(manifest.app).map { PluginDeclarationCache(folder: $0 + "/plugins") }
        // The config the declarations were asked for: its real path, or (a flow given as text) its name.
        let config = source.filePath.flatMap(PluginTrust.realPath) ?? source.fileName
        let trustCommand = trust.trustCommand(for: source)
        if case .untrusted(let changed) = decision, purpose == .running {
            let programs = fingerprint.plugins.map(\.summary).joined(separator: ", ")
            return Loaded(
                refusal: "\(source.fileName) "
                    + (changed ? "runs other programs than when you trusted it: " : "runs programs you have not trusted: ")
                    + "\(programs); once you have looked at them, type: \(trustCommand)")
        }
        var loaded = Loaded()
        loadedPlugins = []
        hostedModules = [:]
        for (index, (plugin, spec)) in zip(manifest.plugins, specs).enumerated() {
            let location = manifest.location(of: plugin.path)
            let approval = PluginApproval(fingerprint: fingerprint.plugins[index], trustCommand: trustCommand)
            func report(_ severity: Diagnostic.Severity, _ message: String) {
                loaded.diagnostics.append(
                    Diagnostic(
                        severity, file: source.fileName, location: location, path: plugin.path,
                        message: "plugin \(plugin.module) (\(plugin.command.joined(separator: " "))) \(message)"))
            }
            let notStarted: String
            switch decision {
            case .allowed: notStarted = ""
            case .untrusted(let changed):
                notStarted =
                    "was not started, as this config " + (changed ? "runs other programs than when it was trusted" : "is not trusted")
                    + " (\(trustCommand) allows it)"
            }
            if let declaration = cache?.lookup(spec, config: config) {
                if decision != .allowed { report(.warning, notStarted + "; its screens are checked as it declared them when last asked") }
                loaded.modules.append(
                    host.module(spec, declaration: declaration, approval: approval) { declared in
                        cache?.store(declared, for: spec, config: config)
                    })
                keep(loaded.modules[loaded.modules.count - 1]) { $0.module(spec, declaration: declaration, approval: approval) }
                continue
            }
            guard decision == .allowed else {
                report(.warning, notStarted + "; its screens are not checked")
                loaded.unchecked.insert(plugin.module)
                continue
            }
            do {
                let declaration = try PluginProbe.declarations(of: spec, log: PluginLog(path: spec.logPath))
                cache?.store(declaration, for: spec, config: config)
                loaded.modules.append(
                    host.module(spec, declaration: declaration, approval: approval) { declared in
                        cache?.store(declared, for: spec, config: config)
                    })
                keep(loaded.modules[loaded.modules.count - 1]) { $0.module(spec, declaration: declaration, approval: approval) }
            } catch {
                report(.error, error.reason)
            }
        }
        return loaded
    }

    /// Keeps a plugin's `module`, which ``host`` runs, and how to run it in another host
    /// (`again`), for ``separate()``. The declarations' cache is not written again from there.
    private func keep(_ module: FeatureModule, again: @escaping @MainActor (PluginHost) -> FeatureModule) {
        loadedPlugins.append(again)
        hostedModules[module.name] = module
    }

    /// How many runs of the plugins this loader started have ended.
    package var endedRuns: Int { host.endedRuns }

    /// Why the run that ended last ended, naming its plugin; nil while none has.
    package var lastEnding: String? { host.lastEnding }

    /// Whether the last load gave any plugin's module.
    package var hasPlugins: Bool { !loadedPlugins.isEmpty }

    /// A loader of the plugins this one loaded, as they were checked, with a host of its own:
    /// the screens of a session started with it (``hosting(_:)``) run in processes of its own,
    /// started when first used and stopped by its ``stopPlugins()``. `test` gives each session
    /// one, so that what a path does to a plugin (its state, a stop for a slow command) is met
    /// on that path alone.
    package func separate() -> PluginLoader {
        let copy = PluginLoader(purpose: purpose, trust: trust, stateDirectory: stateDirectory)
        for again in loadedPlugins {
            copy.keep(again(copy.host), again: again)
        }
        return copy
    }

    /// `modules` with each plugin's module in place of the one of its name: those whose screens
    /// run in this loader's host.
    package func hosting(_ modules: [FeatureModule]) -> [FeatureModule] {
        modules.map { hostedModules[$0.name] ?? $0 }
    }

    /// Stops the plugins it started (see ``FlowRuntime/stopPlugins()``): for a tool whose
    /// sessions share the loader, once the last has ended.
    package func stopPlugins() async {
        await host.shutDown()
    }

    /// How to start each of `manifest`'s plugins, in order.
    package func specs(for manifest: Manifest, source: ConfigSource) -> [PluginSpec] {
        let folder = stateDirectory(manifest.app).map { $0 + "/plugins" }
        return manifest.plugins.map { plugin in
            let location = manifest.location(of: plugin.path)
            let line = location.map { "\(source.fileName):\($0.line):\($0.column): \(plugin.path)" } ?? "\(source.fileName): \(plugin.path)"
            return PluginSpec(
                module: plugin.module, command: plugin.command, configDirectory: configDirectory(of: source),
                timeoutMilliseconds: plugin.timeoutMilliseconds,
                logPath: folder.map { "\($0)/\(plugin.module).log" }, configLine: line)
        }
    }

    /// The folder relative paths in a plugin's command are taken from: the config file's.
    private func configDirectory(of source: ConfigSource) -> String {
        guard let path = source.filePath else { return FileManager.default.currentDirectoryPath }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
    }
}
