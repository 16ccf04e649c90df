import FlowManifest
import FlowPlugins
import FlowShellKit
import Foundation

/// Turns a flow's `plugins` into feature modules: each plugin's declarations come from the
/// cache in the state folder when its command and files are unchanged, else from the plugin
/// itself, asked within its time limit. A plugin that cannot start or answers wrongly is one
/// error naming its config line. The modules' screens run in the plugins through ``host``.
@MainActor
package final class PluginLoader {
    /// The running plugins.
    let host = PluginHost()
    private let stateDirectory: (String) -> String?

    /// A loader whose logs and cache live under `stateDirectory(app)/plugins` (nil: none).
    init(stateDirectory: @escaping (String) -> String?) {
        self.stateDirectory = stateDirectory
    }

    /// A loader whose logs and cache live in the app's state folder.
    package convenience init(paths: StatePaths) {
        self.init { paths.directory(app: $0) }
    }

    /// The modules of `manifest`'s plugins, or the errors that keep them from loading.
    func modules(for manifest: Manifest, source: ConfigSource) -> (modules: [FeatureModule], diagnostics: [Diagnostic]) {
        guard !manifest.plugins.isEmpty else { return ([], []) }
        let folder = stateDirectory(manifest.app).map { $0 + "/plugins" }
        let cache = folder.map(PluginDeclarationCache.init)
        var modules: [FeatureModule] = []
        var diagnostics: [Diagnostic] = []
        for plugin in manifest.plugins {
            let location = manifest.location(of: plugin.path)
            let line = location.map { "\(source.fileName):\($0.line):\($0.column): \(plugin.path)" } ?? "\(source.fileName): \(plugin.path)"
            let spec = PluginSpec(module: plugin.module, command: plugin.command, configDirectory: configDirectory(of: source),
                                  timeoutMilliseconds: plugin.timeoutMilliseconds,
                                  logPath: folder.map { "\($0)/\(plugin.module).log" }, configLine: line)
            if let declaration = cache?.lookup(spec) {
                modules.append(host.module(spec, declaration: declaration))
                continue
            }
            do {
                let declaration = try PluginProbe.declarations(of: spec, log: PluginLog(path: spec.logPath))
                cache?.store(declaration, for: spec)
                modules.append(host.module(spec, declaration: declaration))
            } catch {
                diagnostics.append(Diagnostic(.error, file: source.fileName, location: location, path: plugin.path,
                                              message: "plugin \(plugin.module) (\(plugin.command.joined(separator: " "))) \(error.reason)"))
            }
        }
        return (modules, diagnostics)
    }

    /// The folder relative paths in a plugin's command are taken from: the config file's.
    private func configDirectory(of source: ConfigSource) -> String {
        guard let path = source.filePath else { return FileManager.default.currentDirectoryPath }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
    }
}
