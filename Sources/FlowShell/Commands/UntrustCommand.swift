import ArgumentParser
import FlowShellKit
import FlowShellRuntime
import Foundation

/// `NAME untrust [--config PATH]`: the config's plugins no longer run.
struct UntrustCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "untrust",
        abstract: "Take back the trust command: the config's plugins no longer run."
    )

    @OptionGroup var options: ConfigOption

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        guard let path = options.source(identity).filePath else {
            print("the \(ConfigSource.builtInName) is the shell's own: there is nothing to untrust")
            return 0
        }
        // A config that is gone is forgotten by the path it had.
        let realPath = PluginTrust.realPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
        do {
            let wasTrusted = try TrustedConfigs(paths: StatePaths(folder: identity.folder, environment: environment)).untrust(realPath)
            print(wasTrusted ? "\(path) is no longer trusted: its plugins will not run" : "\(path) was not trusted")
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: cannot record that \(path) is not trusted: \(SystemError.describe(error))\n".utf8))
            return 1
        }
    }
}
