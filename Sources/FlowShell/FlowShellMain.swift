import ArgumentParser
import FlowShellKit
import Foundation

/// The entry point the `flowshell` executable calls with the feature modules linked into it.
public enum FlowShellMain {
    /// Parses the command line, runs the chosen command and ends the process with its status.
    @MainActor
    public static func main(features: [FeatureModule]) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try FlowShellCommand.parseAsRoot(arguments)
            if let command = command as? any FeatureCommand {
                exit(await command.execute(features: features, environment: ProcessInfo.processInfo.environment))
            }
            try command.run()
            exit(0)
        } catch {
            FlowShellCommand.exit(withError: error)
        }
    }
}
