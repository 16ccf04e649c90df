import ArgumentParser
import FlowShellCommandLine
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// `flowshell check [--config PATH] [--format text|json]`: checks the whole flow and prints
/// every problem, like a compiler.
struct CheckCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the flow against the linked features and print every problem.",
        discussion:
            "Exit status: 0 when the flow has no error (warnings allowed), 1 when it has errors, 2 when the file cannot be read or is not JSON."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var options: ConfigOption

    @OptionGroup var plugins: AllowPluginsOption

    @Option(help: ArgumentHelp("How to print the problems: text (like a compiler) or json (for tools).", valueName: "FORMAT"))
    var format: Format = .text

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let check = plugins.check(options, identity: identity, features: features, environment: environment)
        let console = StandardConsole()
        switch format {
        case .text:
            console.write(check.textReport)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(CheckReport(check)) {
                console.write(String(decoding: data, as: UTF8.self) + "\n")
            }
        }
        return check.exitStatus
    }
}
