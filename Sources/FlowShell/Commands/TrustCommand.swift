import ArgumentParser
import FlowManifest
import FlowPlugins
import FlowShellKit
import FlowShellRuntime
import Foundation

/// `NAME trust [--config PATH]`: allows the config's plugins to run, as they are now —
/// recorded in the user's own state folder (the shell's), never in the project.
struct TrustCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Allow the config's plugins to run: the programs it names run only once you trust it.",
        discussion: """
            What is trusted is the config's real path and what its plugins run now: each command, the program it finds (in PATH for \
            a bare name) and the files its arguments name. When any of them changes, the config must be trusted again. The record is \
            kept in the shell's state folder, $XDG_STATE_HOME/NAME/trusted-configs.json (else ~/.local/state/NAME/…), where NAME \
            is the shell's name; the untrust command takes it back.
            """
    )

    @OptionGroup var options: ConfigOption

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let source = options.source(identity)
        guard let path = source.filePath else {
            print("the \(ConfigSource.builtInName) is the shell's own: there is nothing to trust")
            return 0
        }
        let manifest: Manifest
        do throws(ManifestLoadError) {
            manifest = try source.load()
        } catch {
            FileHandle.standardError.write(
                Data(
                    (error.diagnostics.map(\.description) + ["\(path): not trusted, as it cannot be read as a flow"])
                        .joined(separator: "\n").appending("\n").utf8))
            return 2
        }
        guard !manifest.plugins.isEmpty else {
            print("\(path) names no plugins: it runs no program, so there is nothing to trust")
            return 0
        }
        guard let realPath = PluginTrust.realPath(path) else {
            FileHandle.standardError.write(Data("error: cannot find the real path of \(path)\n".utf8))
            return 2
        }
        let specs = PluginLoader(purpose: .checking) { _ in nil }.specs(for: manifest, source: source)
        let fingerprint = PluginFingerprint(specs)
        do {
            try TrustedConfigs(paths: StatePaths(folder: identity.folder, environment: environment)).trust(realPath, runs: fingerprint)
        } catch {
            FileHandle.standardError.write(Data("error: cannot record that \(path) is trusted: \(SystemError.describe(error))\n".utf8))
            return 1
        }
        print("trusted \(path): its plugins may run")
        for plugin in fingerprint.plugins {
            print("  \(plugin.module): \(plugin.summary)")
        }
        print(
            "until what they run changes; \(identity.name) untrust\(options.config.map { " --config \(PluginTrust.shellWord($0))" } ?? "") takes it back"
        )
        return 0
    }
}
