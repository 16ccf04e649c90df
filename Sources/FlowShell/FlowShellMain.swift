import ArgumentParser
import FlowManifest
import FlowShellKit
import Foundation

/// The entry point the `flowshell` executable calls with the feature modules linked into it.
public enum FlowShellMain {
    /// Parses the command line, runs the chosen command and ends the process with its status.
    @MainActor
    public static func main(features: [FeatureModule]) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(rootHelp())
            exit(0)
        }
        if let first = arguments.first, !first.hasPrefix("-"), !subcommandNames.contains(first) {
            let hint = EditDistance.closest(to: first, among: subcommandNames).map { " — did you mean '\($0)'?" } ?? ""
            FileHandle.standardError.write(Data("error: '\(first)' is not a flowshell command\(hint)\ncommands: \(subcommandNames.joined(separator: ", ")) (run is the default; flowshell --help says more)\n".utf8))
            exit(ExitCode.validationFailure.rawValue)
        }
        if let options = RunOptions(plainArguments: arguments) {
            exit(await ShellLauncher(options: options, features: features, environment: ProcessInfo.processInfo.environment).run())
        }
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

    /// The subcommands' names, and `help`.
    static let subcommandNames = FlowShellCommand.configuration.subcommands.map { $0._commandName } + ["help"]

    /// The root's help, followed by the options of `run`, the default command: what a person
    /// typing `flowshell --help` is after.
    static func rootHelp() -> String {
        let run = RunCommand.helpMessage(columns: nil)
        let options = run.range(of: "OPTIONS:").map { String(run[$0.upperBound...]) } ?? ""
        return FlowShellCommand.helpMessage(columns: nil).trimmingCharacters(in: .newlines)
            + "\n\nOPTIONS OF run (what flowshell does with no command):" + options
    }
}
