import ArgumentParser
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// `flowshell new plugin NAME --language python|swift`: a plugin with one working screen and a
/// passing test, under `plugins/NAME`.
struct NewPluginCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin",
        abstract: "Create plugins/NAME: a plugin with one screen (<name>.home) and its test, in Python or Swift."
    )

    @ArgumentParser.Argument(help: ArgumentHelp("The module's name, in UpperCamelCase (Weather).", valueName: "NAME"))
    var name: String

    @Option(help: ArgumentHelp("The plugin's language: python or swift.", valueName: "LANGUAGE"))
    var language: String = "python"

    @Option(help: ArgumentHelp("The package's folder (default: the current one).", valueName: "PATH"), completion: .directory)
    var package: String?

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        guard let language = PluginScaffold.Language(rawValue: language) else {
            let names = PluginScaffold.Language.allCases.map(\.rawValue).joined(separator: " or ")
            FileHandle.standardError.write(Data("error: no language '\(language)' for plugins; use \(names)\n".utf8))
            return 2
        }
        let scaffold = PluginScaffold(
            packageFolder: URL(fileURLWithPath: package ?? FileManager.default.currentDirectoryPath), name: name, language: language,
            existingScreens: features.moduleOfEachScreen)
        do {
            let created = try scaffold.create()
            print("Created \(scaffold.folder):")
            for file in created { print("  \(file)") }
            switch language {
            case .python:
                print("Test it: python3 -m unittest discover \(scaffold.folder)")
            case .swift:
                print("Build and test it: swift build --package-path \(scaffold.folder) && swift test --package-path \(scaffold.folder)")
            }
            print("Then add to \"plugins\" in config.json: \(scaffold.configEntry)")
            print(
                "and lead a transition to \(scaffold.screen.id); \(identity.name) trust lets its program run, and \(identity.name) check tells what is missing."
            )
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            return 2
        }
    }
}
