import ArgumentParser
import FlowShellCommandLine
import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal

/// `flowshell graph [--config PATH] [--format mermaid|dot]`: the flow as a diagram.
struct GraphCommand: FeatureCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "graph",
            abstract: "Print the flow as a diagram: screens grouped by module, transitions labelled with event and style.",
            discussion: "Render DOT with Graphviz, e.g. \(ShellIdentity.running.name) graph --format dot | dot -Tsvg > flow.svg"
        )
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot
    }

    @OptionGroup var options: ConfigOption

    @OptionGroup var plugins: AllowPluginsOption

    @Option(help: ArgumentHelp("The diagram language: mermaid or dot.", valueName: "FORMAT"))
    var format: Format = .mermaid

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let console = StandardConsole()
        let check = plugins.check(options, identity: identity, features: features, environment: environment)
        guard let manifest = check.runnableManifest else {
            console.writeError(check.textReport)
            return check.exitStatus
        }
        let graph = FlowGraph(manifest: manifest, catalog: FeatureCatalog(check.modules))
        console.write(format == .dot ? graph.dot : graph.mermaid)
        return 0
    }
}
