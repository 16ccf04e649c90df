import Foundation
import PackagePlugin

/// Generates the registry of the feature modules linked into a target.
///
/// A feature module is a dependency whose sources live under `Features/`. For each one the
/// generated file imports the module and lists its `<Name>Module` type, so adding a feature
/// never means editing a Swift list by hand.
@main
struct FeatureRegistryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let featuresRoot = context.package.directoryURL.appending(path: "Features").path(percentEncoded: false)
        let featureNames = target.recursiveTargetDependencies
            .filter { $0.directoryURL.path(percentEncoded: false).hasPrefix(featuresRoot) }
            .map(\.name)
            .sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "LinkedFeatureModules.swift")
        return [
            .buildCommand(
                displayName: "Generating the registry of linked features (\(featureNames.joined(separator: ", ")))",
                executable: try context.tool(named: "FlowShellSourceGenerator").url,
                arguments: ["registry", output.path(percentEncoded: false)] + featureNames,
                // The list comes from the package manifest: regenerate only when it changes.
                inputFiles: [context.package.directoryURL.appending(path: "Package.swift")],
                outputFiles: [output]
            )
        ]
    }
}
