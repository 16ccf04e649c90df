import Foundation
import PackagePlugin

/// Makes examples/greeter the one source of what `flowshell new app` writes: its files become
/// `exampleAppFiles`, which the scaffolds fill in with a new app's (or screen's) names.
/// ExampleAppTests checks the round trip: `new app greeter` writes examples/greeter again.
@main
struct ExampleAppPlugin: BuildToolPlugin {
    /// examples/greeter's files, in the order `new app` lists what it created.
    static let files = [
        "Package.swift", "README.md", "config.json",
        "Sources/GreeterShell/GreeterShell.swift", "Sources/GreeterShell/GreeterFlow.swift",
        "Sources/GreeterApp/main.swift", "Sources/GreeterServe/main.swift",
        "Features/Greeter/Sources/GreeterModule.swift", "Features/Greeter/Sources/GreeterHomeScreen.swift",
        "Features/Greeter/Tests/GreeterHomeTests.swift",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let example = context.package.directoryURL.appending(path: "examples/greeter")
        let output = context.pluginWorkDirectoryURL.appending(path: "ExampleAppFiles.swift")
        return [
            .buildCommand(
                displayName: "Generating what new app writes (examples/greeter)",
                executable: try context.tool(named: "FlowShellSourceGenerator").url,
                arguments: ["example-app", output.path(percentEncoded: false), example.path(percentEncoded: false)] + Self.files,
                inputFiles: Self.files.map { example.appending(path: $0) },
                outputFiles: [output]
            )
        ]
    }
}
