import ArgumentParser
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// `flowshell new`: scaffolding.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a shell of your own, or a feature or a plugin in this package.",
        subcommands: [NewAppCommand.self, NewFeatureCommand.self, NewPluginCommand.self]
    )
}

/// `flowshell new feature NAME [--screen ID ...]`: a feature module with a working screen per
/// id and a passing test, added to the package's list of features.
struct NewFeatureCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "feature",
        abstract: "Create Features/NAME with a screen per --screen (default: <name>.home) and a test, and add NAME to Package.swift."
    )

    @ArgumentParser.Argument(help: ArgumentHelp("The module's name, in UpperCamelCase (Greeting).", valueName: "NAME"))
    var name: String

    @Option(name: .customLong("screen"), help: ArgumentHelp("A screen's id, such as greeting.home; repeat for several.", valueName: "ID"))
    var screens: [String] = []

    @Option(help: ArgumentHelp("The package's folder (default: the current one).", valueName: "PATH"), completion: .directory)
    var package: String?

    /// Writes the module, refusing a screen id that a linked module registers already.
    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let scaffold = FeatureScaffold(
            packageFolder: URL(fileURLWithPath: package ?? FileManager.default.currentDirectoryPath), name: name, screens: screens,
            existingScreens: features.moduleOfEachScreen)
        do {
            let created = try scaffold.create()
            print("Created Features/\(name):")
            for file in created { print("  \(file)") }
            print("and added \"\(name)\" to the features in Package.swift.")
            let steps = scaffold.modulesFile.map { ["in \($0), import \(name) and add \(name)Module.module to the modules"] } ?? []
            print(
                "Next: "
                    + (steps + [
                        "list \"\(name)\" in \"modules\" in config.json, lead a transition to \(scaffold.screenIDs[0]), then swift build."
                    ])
                    .joined(separator: ";\n"))
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            return 2
        }
    }
}
